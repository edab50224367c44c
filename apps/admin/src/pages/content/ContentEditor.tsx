import type { ContentKind, ContentVersionInput, Locale } from "@tickfair/contract";
import { DEFAULT_LOCALE } from "@tickfair/contract";
import { Alert, App, Col, Divider, Drawer, Form, Input, Row, Skeleton, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useAddContentVersion, useContentDocument, useCreateContent } from "../../api/content";
import { useDescribeError } from "../../api/use-describe-error";
import { LocaleTabs } from "../../components/LocaleTabs/LocaleTabs";
import { PublishTimeField, type PublishTimeValues } from "../../components/PublishTimeField/PublishTimeField";
import {
  hasText,
  type TranslationValues,
  translationsInput,
  translationValues,
} from "../../lib/content-form";
import { formatTime } from "../../lib/format";
import { localTimeToIso } from "../../lib/local-time";
import { ContentHistory } from "./ContentHistory";
import { MarkdownPreview } from "./MarkdownPreview";
import "./content.css";
import { FormFooter } from "../../components/FormFooter/FormFooter";
import { ReasonField } from "../../components/ReasonField/ReasonField";

/** What the editor opens: a document (id) for a new version of it, or a new one of a kind (id null). */
export interface EditorTarget {
  kind: ContentKind;
  id: string | null;
}

interface Values extends PublishTimeValues {
  translations: TranslationValues;
  reason: string;
}

/** One locale's title, summary and Markdown body, the body beside its preview. */
function LocaleFields({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const body: string = Form.useWatch(["translations", locale, "body"], form) ?? "";
  const required = locale === DEFAULT_LOCALE;
  // Another locale may stay empty (readers get the default one); once begun, it needs a title and a body.
  const needed = (field: "title" | "body") => ({
    validator: (_: unknown, value: string | undefined) => {
      const started = required || hasText(form.getFieldValue(["translations", locale]));
      return !started || value?.trim()
        ? Promise.resolve()
        : Promise.reject(new Error(t(`content.${field}Required`)));
    },
  });
  const testid = (field: string) => `content-${field}-${locale}`;
  return (
    <>
      <Form.Item
        name={["translations", locale, "title"]}
        label={t("content.title")}
        rules={[needed("title")]}
        dependencies={[
          ["translations", locale, "body"],
          ["translations", locale, "summary"],
        ]}
      >
        <Input maxLength={120} lang={locale} data-testid={testid("title")} />
      </Form.Item>
      <Form.Item name={["translations", locale, "summary"]} label={t("content.summary")}>
        <Input.TextArea rows={2} maxLength={300} showCount lang={locale} data-testid={testid("summary")} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name={["translations", locale, "body"]}
            label={t("content.body")}
            extra={t("content.bodyHelp")}
            rules={[needed("body")]}
            dependencies={[["translations", locale, "title"]]}
          >
            <Input.TextArea
              rows={14}
              maxLength={20_000}
              lang={locale}
              className="mono"
              data-testid={testid("body")}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Typography.Text type="secondary">{t("content.preview")}</Typography.Text>
          <MarkdownPreview markdown={body} lang={locale} />
        </Col>
      </Row>
    </>
  );
}

/** A document's editor: a new version from the latest one's texts (or a first one), and its history. */
export function ContentEditor({ target, onClose }: { target: EditorTarget | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const [form] = Form.useForm<Values>();
  const document = useContentDocument(target?.id ?? null);
  const create = useCreateContent();
  const addVersion = useAddContentVersion();
  const save = target?.id ? addVersion : create;
  const latest = document.data?.versions[0];
  const texts: Partial<TranslationValues> | undefined = Form.useWatch("translations", form);
  const open = target !== null;
  const loading = Boolean(target?.id) && !document.data;

  useEffect(() => {
    if (!open || loading) return;
    form.resetFields();
    form.setFieldsValue({ translations: translationValues(latest), when: "now", publishAt: "", reason: "" });
    create.reset();
    addVersion.reset();
  }, [open, loading, latest, form, create.reset, addVersion.reset]);

  const send = async (body: ContentVersionInput) => {
    if (!target) return;
    try {
      if (target.id) await addVersion.mutateAsync({ id: target.id, body });
      else await create.mutateAsync({ ...body, kind: target.kind });
      message.success(t("content.published"));
      onClose();
    } catch {
      // The alert above the buttons shows the server's words.
    }
  };

  const submit = (values: Values) => {
    create.reset();
    addVersion.reset();
    const publishAt = values.when === "later" ? localTimeToIso(values.publishAt) : null;
    const body: ContentVersionInput = {
      translations: translationsInput(values.translations),
      publishAt,
      reason: values.reason.trim(),
    };
    const version = (document.data?.latestVersion ?? 0) + 1;
    modal.confirm({
      title: t("content.confirmTitle"),
      width: 520,
      content: (
        <span data-testid="content-confirm">
          {publishAt
            ? t("content.confirmLater", {
                version,
                title: body.translations[DEFAULT_LOCALE]?.title,
                time: formatTime(publishAt, i18n.language),
              })
            : t("content.confirmNow", { version, title: body.translations[DEFAULT_LOCALE]?.title })}
        </span>
      ),
      okText: t("content.publish"),
      cancelText: t("common.cancel"),
      onOk: () => send(body),
    });
  };

  const title = target?.id
    ? t("content.editTitle", { title: document.data?.title ?? "" })
    : t("content.newTitle", { kind: target ? t(`content.kinds.${target.kind}`) : "" });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={1180}
      title={title}
      destroyOnHidden
      data-testid="content-editor"
      footer={
        <FormFooter
          onCancel={onClose}
          onSubmit={() => form.submit()}
          pending={save.isPending}
          disabled={loading}
          testId="content-publish"
        >
          {t("content.publish")}
        </FormFooter>
      }
    >
      {document.isError && <Alert type="error" showIcon message={describe(document.error)} />}
      {loading && !document.isError && <Skeleton active paragraph={{ rows: 12 }} />}
      {!loading && (
        <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          {latest && (
            <Alert
              type="info"
              showIcon
              className="stack-gap"
              message={t("content.startsFrom", { version: latest.version })}
            />
          )}
          <LocaleTabs testIdPrefix="content" written={(locale) => hasText(texts?.[locale])}>
            {(locale) => <LocaleFields locale={locale} />}
          </LocaleTabs>
          <PublishTimeField
            label={t("content.publishTime")}
            nowLabel={t("content.now")}
            laterLabel={t("content.later")}
            testIdPrefix="content"
          />
          <ReasonField testIdPrefix="content" error={save.error} />
        </Form>
      )}
      {document.data && (
        <>
          <Divider orientation="left" orientationMargin={0}>
            {t("content.history")}
          </Divider>
          <ContentHistory versions={document.data.versions} />
        </>
      )}
    </Drawer>
  );
}
