import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import type {
  ContentNotice,
  ContentNoticeKind,
  Locale,
  NoticeTranslations,
  PublicImage,
} from "@tickfair/contract";
import { APP_LINK_PATHS, DEFAULT_LOCALE, LOCALES } from "@tickfair/contract";
import { App, AutoComplete, Button, Col, Drawer, Flex, Form, Input, InputNumber, Row, Upload } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveNotice, useUploadPublicImage } from "../../api/notices";
import { useDescribeError } from "../../api/use-describe-error";
import { FormFooter } from "../../components/FormFooter/FormFooter";
import { LocaleTabs } from "../../components/LocaleTabs/LocaleTabs";
import { ReasonField } from "../../components/ReasonField/ReasonField";
import { isoToLocalTime, localTimeToIso } from "../../lib/local-time";

type TextValues = { title: string; body: string };

interface Values {
  translations: Record<Locale, TextValues>;
  link: string;
  position: number;
  startsAt: string;
  endsAt: string;
  reason: string;
}

/** What the server takes as an image; it checks the bytes, this only narrows the file picker. */
const IMAGE_TYPES = "image/png,image/jpeg,image/webp";

const written = (text: Partial<TextValues> | undefined) => Boolean(text?.title?.trim() || text?.body?.trim());

function translationValues(notice: ContentNotice | null): Record<Locale, TextValues> {
  const out = {} as Record<Locale, TextValues>;
  for (const locale of LOCALES) {
    const text = notice?.translations[locale];
    out[locale] = { title: text?.title ?? "", body: text?.body ?? "" };
  }
  return out;
}

/** The default locale's text always; the others only where something was written (else they fall back). */
function translationsInput(values: Partial<Record<Locale, Partial<TextValues>>>): NoticeTranslations {
  const text = (locale: Locale) => ({
    title: values[locale]?.title?.trim() ?? "",
    body: values[locale]?.body?.trim() ?? "",
  });
  const out = { [DEFAULT_LOCALE]: text(DEFAULT_LOCALE) } as NoticeTranslations;
  for (const locale of LOCALES)
    if (locale !== DEFAULT_LOCALE && written(values[locale])) out[locale] = text(locale);
  return out;
}

function LocaleFields({ locale, kind }: { locale: Locale; kind: ContentNoticeKind }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const testid = (field: string) => `notice-${field}-${locale}`;
  return (
    <>
      <Form.Item
        name={["translations", locale, "title"]}
        label={t("content.title")}
        dependencies={[["translations", locale, "body"]]}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              (locale !== DEFAULT_LOCALE && !written(form.getFieldValue(["translations", locale]))) ||
              value?.trim()
                ? Promise.resolve()
                : Promise.reject(new Error(t("content.titleRequired"))),
          },
        ]}
      >
        <Input maxLength={80} showCount lang={locale} data-testid={testid("title")} />
      </Form.Item>
      <Form.Item
        name={["translations", locale, "body"]}
        label={t(kind === "banner" ? "notices.line" : "notices.text")}
      >
        <Input.TextArea
          rows={kind === "banner" ? 2 : 5}
          maxLength={1000}
          showCount
          lang={locale}
          data-testid={testid("body")}
        />
      </Form.Item>
    </>
  );
}

/**
 * A banner's or pop-up's editor: its text per locale, schedule, link inside the app and image. Saving
 * a pop-up's changed text shows it again to readers who dismissed it (its version rises).
 */
export function NoticeEditor({
  kind,
  notice,
  onClose,
}: {
  kind: ContentNoticeKind;
  /** undefined: closed; null: a new one. */
  notice: ContentNotice | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const [form] = Form.useForm<Values>();
  const save = useSaveNotice();
  const upload = useUploadPublicImage();
  const [image, setImage] = useState<PublicImage | null>(null);
  const texts: Partial<Record<Locale, TextValues>> | undefined = Form.useWatch("translations", form);
  const open = notice !== undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      translations: translationValues(notice),
      link: notice?.link ?? "",
      position: notice?.position ?? 0,
      startsAt: isoToLocalTime(notice ? new Date(notice.startsAt) : new Date()),
      endsAt: notice?.endsAt ? isoToLocalTime(new Date(notice.endsAt)) : "",
      reason: "",
    });
    setImage(notice?.image ?? null);
    save.reset();
    upload.reset();
  }, [open, notice, form, save.reset, upload.reset]);

  const submit = async (values: Values) => {
    const body = {
      translations: translationsInput(values.translations),
      link: values.link.trim() || null,
      imageId: image?.id ?? null,
      position: values.position,
      startsAt: localTimeToIso(values.startsAt) ?? "",
      endsAt: localTimeToIso(values.endsAt),
      reason: values.reason.trim(),
    };
    try {
      await save.mutateAsync({ id: notice?.id ?? null, body: notice ? body : { ...body, kind } });
      message.success(t("notices.saved"));
      onClose();
    } catch {
      // The alert under the reason shows the server's words.
    }
  };

  const label = kind === "banner" ? "banner" : "popup";
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={1080}
      title={t(notice ? `notices.edit.${label}` : `notices.new.${label}`)}
      destroyOnHidden
      data-testid="notice-editor"
      footer={
        <FormFooter
          onCancel={onClose}
          onSubmit={() => form.submit()}
          pending={save.isPending}
          testId="notice-save"
        >
          {t("notices.save")}
        </FormFooter>
      }
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <LocaleTabs testIdPrefix="notice" written={(locale) => written(texts?.[locale])}>
          {(locale) => <LocaleFields locale={locale} kind={kind} />}
        </LocaleTabs>
        <Form.Item label={t("notices.image")} extra={t("notices.imageHelp")}>
          <Flex gap={12} align="center">
            {image && (
              <img
                src={image.url}
                width={160}
                height={Math.round((160 * image.height) / image.width)}
                alt=""
                className="notice-thumb"
                data-testid="notice-image-preview"
              />
            )}
            <Upload
              accept={IMAGE_TYPES}
              showUploadList={false}
              disabled={upload.isPending}
              customRequest={({ file }) => {
                if (!(file instanceof File)) return;
                upload.mutate(file, {
                  onSuccess: setImage,
                  onError: (error) => void message.error(describe(error)),
                });
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="notice-image-upload">
                {t(image ? "notices.replaceImage" : "notices.uploadImage")}
              </Button>
            </Upload>
            {image && (
              <Button
                icon={<DeleteOutlined />}
                onClick={() => setImage(null)}
                data-testid="notice-image-remove"
              >
                {t("notices.removeImage")}
              </Button>
            )}
          </Flex>
        </Form.Item>
        <Row gutter={16}>
          <Col span={kind === "banner" ? 16 : 24}>
            <Form.Item name="link" label={t("notices.link")} extra={t("notices.linkHelp")}>
              <AutoComplete
                options={APP_LINK_PATHS.map((path) => ({ value: path }))}
                filterOption={(input, option) => option?.value.includes(input) ?? false}
                allowClear
                className="mono"
                data-testid="notice-link"
              />
            </Form.Item>
          </Col>
          {kind === "banner" && (
            <Col span={8}>
              <Form.Item name="position" label={t("notices.position")} extra={t("notices.positionHelp")}>
                <InputNumber
                  min={0}
                  max={999}
                  precision={0}
                  style={{ width: "100%" }}
                  data-testid="notice-position"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="startsAt"
              label={t("notices.startsAt")}
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    localTimeToIso(value ?? "")
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("common.publishAtInvalid"))),
                },
              ]}
            >
              <Input type="datetime-local" className="tabular" data-testid="notice-starts-at" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="endsAt"
              label={t("notices.endsAt")}
              extra={t("notices.endsAtHelp")}
              dependencies={["startsAt"]}
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    if (!value) return Promise.resolve();
                    const [start, end] = [
                      localTimeToIso(form.getFieldValue("startsAt") ?? ""),
                      localTimeToIso(value),
                    ];
                    return start && end && end > start
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("notices.endsAtInvalid")));
                  },
                },
              ]}
            >
              <Input type="datetime-local" className="tabular" data-testid="notice-ends-at" />
            </Form.Item>
          </Col>
        </Row>
        <ReasonField testIdPrefix="notice" error={save.error} />
      </Form>
    </Drawer>
  );
}
