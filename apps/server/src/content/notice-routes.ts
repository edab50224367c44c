import {
  contentNotice,
  contentNoticeKind,
  idParams,
  liveBanners,
  livePopup,
  noticeInput,
  noticeList,
  noticeUpdate,
  popupSeenInput,
  publicImage,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PUBLIC_IMAGE_UPLOAD, storePublicImage } from "../files";
import type { RouteContext } from "../platform/context";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import { readSingleUpload } from "../platform/single-upload";
import { markPopupSeen, liveBanners as readLiveBanners, livePopup as readLivePopup } from "./live-notices";
import { createNotice, listNotices, noticeById, updateNotice } from "./notices";

const publicSchema = routeSchemas({ tags: ["content"], signedIn: false, errors: [400] });

/** Home's banners and pop-up for anyone, in their language (Accept-Language) or the next they read. */
export function noticeRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/content/banners",
      { schema: publicSchema({ response: { 200: liveBanners } }) },
      async (request) => readLiveBanners(context.db, requestLocale(request), context.clock.now()),
    );
    app.get("/content/popup", { schema: publicSchema({ response: { 200: livePopup } }) }, async (request) =>
      readLivePopup(context.db, requestLocale(request), context.clock.now()),
    );
  };
}

const userSchema = routeSchemas({ tags: ["content"], signedIn: true, errors: [400, 401, 404] });

/** A signed-in reader's pop-up: once per version, whichever device they dismissed it on. */
export function noticeUserRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/content/popup/unseen",
      { schema: userSchema({ response: { 200: livePopup } }) },
      async (request) =>
        readLivePopup(context.db, requestLocale(request), context.clock.now(), request.user.id),
    );
    app.post(
      "/content/popup/:id/seen",
      { schema: userSchema({ params: idParams, body: popupSeenInput, response: { 204: z.null() } }) },
      async (request, reply) => {
        const { user } = request;
        const { id } = request.params;
        await markPopupSeen(context.db, user.id, BigInt(id), request.body.version, context.clock.now());
        return reply.status(204).send(null);
      },
    );
  };
}

const operatorSchema = routeSchemas({
  tags: ["operator content"],
  signedIn: true,
  errors: [400, 401, 403, 404, 409, 413],
});

/** The console's banners and pop-ups, and the public images they show; every change is audited. */
export function noticeOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/operator/notices",
      {
        schema: operatorSchema({
          querystring: z.object({ kind: contentNoticeKind.default("banner") }),
          response: { 200: noticeList },
        }),
      },
      async (request) => ({ items: await listNotices(context.db, request.query.kind) }),
    );
    app.get(
      "/operator/notices/:id",
      { schema: operatorSchema({ params: idParams, response: { 200: contentNotice } }) },
      async (request) => noticeById(context.db, BigInt(request.params.id)),
    );
    app.post(
      "/operator/notices",
      { schema: operatorSchema({ body: noticeInput, response: { 201: contentNotice } }) },
      async (request, reply) => {
        const { operator } = request;
        const id = await createNotice(context.db, context.clock, operator, request.body);
        return reply.status(201).send(await noticeById(context.db, id));
      },
    );
    app.put(
      "/operator/notices/:id",
      { schema: operatorSchema({ params: idParams, body: noticeUpdate, response: { 200: contentNotice } }) },
      async (request) => {
        const { operator } = request;
        const id = BigInt(request.params.id);
        await updateNotice(context.db, context.clock, operator, id, request.body);
        return noticeById(context.db, id);
      },
    );
    app.post(
      "/operator/images",
      {
        schema: operatorSchema({ consumes: ["multipart/form-data"], response: { 201: publicImage } }),
      },
      async (request, reply) => {
        const { operator } = request;
        const data = await readSingleUpload(request, PUBLIC_IMAGE_UPLOAD);
        const image = await storePublicImage(context.db, {
          data,
          createdBy: operator.id,
          at: context.clock.now(),
        });
        return reply.status(201).send(image);
      },
    );
  };
}
