import { CheckCircleFilled } from "@ant-design/icons";
import type { ContentKind, ContentVersionInput, Locale } from "@tickfair/contract";
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES } from "@tickfair/contract";
import {
  Alert,
  App,
  Button,
  Col,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Skeleton,
  Tabs,
  Typography,
} from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useAddContentVersion, useContentDocument, useCreateContent } from "../../api/content";
import { useDescribeError } from "../../api/use-describe-error";
import {
  hasText,
  isoToLocalTime,
  localTimeToIso,
  type TranslationValues,
  translationsInput,
  translationValues,
} from "../../lib/content-form";
import { formatTime } from "../../lib/format";
import { ContentHistory } from "./ContentHistory";
import { MarkdownPreview } from "./MarkdownPreview";
import "./content.css";
import { reasonRules } from "../../lib/reason-rules";

/** What the editor opens: a document (id) for a new version of it, or a new one of a kind (id null). */
export interface EditorTarget {
  kind: ContentKind;
  id: string | null;
}

interface Values {
  translations: TranslationValues;
  when: "now" | "later";
  publishAt: string;
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
  const when = Form.useWatch("when", form) ?? "now";
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
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t("common.cancel")}
          </Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={loading}
            onClick={() => form.submit()}
            data-testid="content-publish"
          >
            {t("content.publish")}
          </Button>
        </Flex>
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
              style={{ marginBottom: 16 }}
              message={t("content.startsFrom", { version: latest.version })}
            />
          )}
          <Tabs
            size="small"
            items={LOCALES.map((locale) => ({
              key: locale,
              forceRender: true,
              label: (
                <span data-testid={`content-tab-${locale}`}>
                  {LOCALE_NAMES[locale]}
                  {locale === DEFAULT_LOCALE && " *"}
                  {hasText(texts?.[locale]) && (
                    <CheckCircleFilled
                      style={{ color: "#52c41a", marginInlineStart: 6 }}
                      aria-label={t("content.hasText")}
                      data-testid={`content-written-${locale}`}
                    />
                  )}
                </span>
              ),
              children: <LocaleFields locale={locale} />,
            }))}
          />
          <Row gutter={16}>
            <Col span={10}>
              <Form.Item name="when" label={t("content.publishTime")}>
                <Radio.Group optionType="button" data-testid="content-when">
                  <Radio value="now">{t("content.now")}</Radio>
                  <Radio value="later">
                    <span data-testid="content-when-later">{t("content.later")}</span>
                  </Radio>
                </Radio.Group>
              </Form.Item>
            </Col>
            <Col span={14}>
              {when === "later" && (
                <Form.Item
                  name="publishAt"
                  label={t("content.publishAt")}
                  rules={[
                    {
                      validator: (_, value: string | undefined) => {
                        const iso = localTimeToIso(value ?? "");
                        return iso && new Date(iso).getTime() > Date.now()
                          ? Promise.resolve()
                          : Promise.reject(new Error(t("content.publishAtInvalid")));
                      },
                    },
                  ]}
                >
                  <Input
                    type="datetime-local"
                    min={isoToLocalTime(new Date())}
                    className="tabular"
                    data-testid="content-publish-at"
                  />
                </Form.Item>
              )}
            </Col>
          </Row>
          <Form.Item name="reason" label={t("review.reason")} rules={reasonRules(t)}>
            <Input.TextArea rows={2} maxLength={300} showCount data-testid="content-reason" />
          </Form.Item>
          {save.isError && (
            <Alert
              type="error"
              showIcon
              message={describe(save.error)}
              style={{ marginBottom: 16 }}
              data-testid="content-error"
            />
          )}
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
