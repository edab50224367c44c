import { platformDay, solvency, solvencyRoot } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_FILE_BYTES } from "../files";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { readSingleUpload, type UploadLimit } from "../platform/single-upload";
import { attest } from "./attestation";
import { solvencyRoots } from "./published";

const schema = routeSchemas({
  tags: ["operator solvency"],
  signedIn: true,
  errors: [400, 401, 403, 404, 413],
});

const ATTESTATION_UPLOAD: UploadLimit = {
  maxBytes: MAX_FILE_BYTES,
  invalid: "ATTESTATION_FILE_INVALID",
  tooLarge: "FILE_TOO_LARGE",
};

/** The console's snapshots, and the reserves attestation an admin publishes beside a day's root. */
export function solvencyOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/operator/solvency", { schema: schema({ response: { 200: solvency } }) }, () =>
      solvencyRoots(context.db),
    );

    app.put(
      "/operator/solvency/:day/attestation",
      {
        schema: schema({
          consumes: ["multipart/form-data"],
          params: z.object({ day: platformDay }),
          response: { 200: solvencyRoot },
        }),
      },
      async (request) => {
        const data = await readSingleUpload(request, ATTESTATION_UPLOAD);
        return attest(context.db, context.clock, request.operator.id, request.params.day, data);
      },
    );
  };
}
