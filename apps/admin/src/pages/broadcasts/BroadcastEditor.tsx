import type { BroadcastInput, Locale } from "@tickfair/contract";
import { DEFAULT_LOCALE, LOCALE_NAMES } from "@tickfair/contract";
import { Alert, App, Col, Drawer, Form, Input, Row, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateBroadcast } from "../../api/broadcasts";
import { ApiError } from "../../api/errors";
import { FormFooter } from "../../components/FormFooter/FormFooter";
import { LocaleTabs } from "../../components/LocaleTabs/LocaleTabs";
import { PublishTimeField } from "../../components/PublishTimeField/PublishTimeField";
import { ReasonField } from "../../components/ReasonField/ReasonField";
import {
  BROADCAST_BODY_MAX,
  BROADCAST_TITLE_MAX,
  type BroadcastFormValues,
  type BroadcastTextsValues,
  broadcastInputOf,
  emptyBroadcastForm,
  emptyLocales,
  formFieldErrors,
  hasBroadcastText,
  readerText,
} from "../../lib/broadcast-form";
import { formatTime } from "../../lib/format";
import { localTimeToIso } from "../../lib/local-time";
import { PhonePreview } from "./PhonePreview";

/** One locale's title and body; another locale may stay empty, but once begun it needs both. */
function LocaleFields({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BroadcastFormValues>();
  const needed = (field: "title" | "body") => ({
    validator: (_: unknown, value: string | undefined) => {
      const started =
        locale === DEFAULT_LOCALE || hasBroadcastText(form.getFieldValue(["translations", locale]));
      return !started || value?.trim()
        ? Promise.resolve()
        : Promise.reject(new Error(t(`broadcasts.${field}Required`)));
    },
  });
  const testid = (field: string) => `broadcast-${field}-${locale}`;
  return (
    <>
      <Form.Item
        name={["translations", locale, "title"]}
        label={t("broadcasts.title")}
        rules={[needed("title")]}
        dependencies={[["translations", locale, "body"]]}
      >
        <Input maxLength={BROADCAST_TITLE_MAX} showCount lang={locale} data-testid={testid("title")} />
      </Form.Item>
      <Form.Item
        name={["translations", locale, "body"]}
        label={t("broadcasts.body")}
        extra={t("broadcasts.bodyHelp")}
        rules={[needed("body")]}
        dependencies={[["translations", locale, "title"]]}
      >
        <Input.TextArea
          rows={10}
          maxLength={BROADCAST_BODY_MAX}
          showCount
          lang={locale}
          data-testid={testid("body")}
        />
      </Form.Item>
    </>
  );
}

/**
 * Before it goes out: which languages are empty and what their readers will read instead, one line
 * per language they are served (English for most, Simplified Chinese for Traditional).
 */
function EmptyLocales({ texts }: { texts: Partial<BroadcastTextsValues> | undefined }) {
  const { t } = useTranslation();
  const byServed = new Map<Locale, Locale[]>();
  for (const { locale, served } of emptyLocales(texts))
    byServed.set(served, [...(byServed.get(served) ?? []), locale]);
  if (byServed.size === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="stack-gap-sm"
      data-testid="broadcast-empty-locales"
      message={t("broadcasts.emptyLocalesTitle")}
      description={[...byServed].map(([served, locales]) => (
        <div key={served} data-testid={`broadcast-empty-${served}`}>
          {t("broadcasts.emptyLocalesLine", {
            languages: locales.map((locale) => LOCALE_NAMES[locale]).join(", "),
            served: LOCALE_NAMES[served],
          })}
        </div>
      ))}
    />
  );
}

/** A new broadcast: texts per locale beside a phone's preview, now or at a time, and the reason. */
export function BroadcastEditor({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<BroadcastFormValues>();
  const create = useCreateBroadcast();
  const [tab, setTab] = useState<Locale>(DEFAULT_LOCALE);
  const texts: Partial<BroadcastTextsValues> | undefined = Form.useWatch("translations", form);
  const when = Form.useWatch("when", form) ?? "now";
  const publishAt: string | undefined = Form.useWatch("publishAt", form);
  const preview = readerText(texts, tab);
  const previewTime = (when === "later" && localTimeToIso(publishAt ?? "")) || new Date().toISOString();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(emptyBroadcastForm());
    setTab(DEFAULT_LOCALE);
    create.reset();
  }, [open, form, create.reset]);

  const send = async (body: BroadcastInput) => {
    try {
      const created = await create.mutateAsync(body);
      message.success(
        created.published || !body.publishAt
          ? t("broadcasts.sent")
          : t("broadcasts.scheduledOk", { time: formatTime(body.publishAt, i18n.language) }),
      );
      onClose();
    } catch (error) {
      // The alert above the buttons shows the server's words; the fields it names are marked too.
      if (error instanceof ApiError) {
        form.setFields(
          formFieldErrors(error.fields).map(({ name, code }) => ({
            name,
            errors: [t(code === "REQUIRED" ? "broadcasts.fieldRequired" : "broadcasts.fieldInvalid")],
          })),
        );
      }
    }
  };

  const submit = (values: BroadcastFormValues) => {
    create.reset();
    const body = broadcastInputOf(values);
    if (body.publishAt) {
      void send(body);
      return;
    }
    // Sent now, a broadcast is in every inbox at once and stays there: the operator says so twice.
    modal.confirm({
      title: t("broadcasts.confirmTitle"),
      width: 520,
      content: (
        <span data-testid="broadcast-confirm">
          {t("broadcasts.confirmText", { title: body.translations[DEFAULT_LOCALE]?.title })}
        </span>
      ),
      okText: t("broadcasts.confirmOk"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: () => send(body),
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={1080}
      title={t("broadcasts.formTitle")}
      destroyOnHidden
      data-testid="broadcast-editor"
      footer={
        <FormFooter
          onCancel={onClose}
          onSubmit={() => form.submit()}
          pending={create.isPending}
          danger={when === "now"}
          testId="broadcast-submit"
        >
          {when === "now" ? t("broadcasts.submitNow") : t("broadcasts.submitLater")}
        </FormFooter>
      }
    >
      <Form<BroadcastFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={emptyBroadcastForm()}
      >
        <Row gutter={24}>
          <Col flex="1 1 0" className="shrinkable">
            <EmptyLocales texts={texts} />
            <LocaleTabs
              testIdPrefix="broadcast"
              activeKey={tab}
              onChange={setTab}
              written={(locale) => hasBroadcastText(texts?.[locale])}
            >
              {(locale) => <LocaleFields locale={locale} />}
            </LocaleTabs>
          </Col>
          <Col flex="0 0 340px">
            <Typography.Paragraph type="secondary" className="gap-above-xs">
              {t("broadcasts.preview")} · {LOCALE_NAMES[tab]}
            </Typography.Paragraph>
            {preview.fallback && (
              <Alert
                type="info"
                showIcon
                className="stack-gap-sm"
                message={t("broadcasts.previewFallback", {
                  language: LOCALE_NAMES[tab],
                  served: LOCALE_NAMES[preview.served],
                })}
                data-testid="broadcast-preview-fallback"
              />
            )}
            <PhonePreview
              text={preview.text}
              lang={preview.served}
              time={formatTime(previewTime, i18n.language)}
            />
          </Col>
        </Row>
        <PublishTimeField
          label={t("broadcasts.sendTime")}
          nowLabel={t("broadcasts.now")}
          laterLabel={t("broadcasts.later")}
          testIdPrefix="broadcast"
        />
        <ReasonField testIdPrefix="broadcast" error={create.error} />
      </Form>
    </Drawer>
  );
}
