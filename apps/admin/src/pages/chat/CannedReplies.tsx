import { DeleteOutlined, MessageOutlined, SettingOutlined } from "@ant-design/icons";
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, type Locale } from "@tickfair/contract";
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Popover,
  Select,
  Spin,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCannedReplies, useCreateCannedReply, useDeleteCannedReply } from "../../api/chat";
import { useDescribeError } from "../../api/use-describe-error";

const localeOptions = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

function LocaleSelect({ value, onChange }: { value: Locale; onChange(locale: Locale): void }) {
  return (
    <Select
      size="small"
      value={value}
      onChange={onChange}
      options={localeOptions}
      className="chat-canned__locale"
      data-testid="canned-locale"
    />
  );
}

/** Canned replies of the chosen locale: a click puts one into the composer. */
export function CannedReplyPicker({ onPick }: { onPick(body: string): void }) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const [open, setOpen] = useState(false);
  const [managing, setManaging] = useState(false);
  // Users write in many languages; the operator's own is the likeliest start.
  const [locale, setLocale] = useState<Locale>(isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
  const replies = useCannedReplies(locale, open || managing);

  const content = (
    <div className="chat-canned" data-testid="canned-picker">
      <Flex justify="space-between" align="center" gap={8} className="stack-gap-xs">
        <LocaleSelect value={locale} onChange={setLocale} />
        <Button
          size="small"
          icon={<SettingOutlined />}
          onClick={() => {
            setOpen(false);
            setManaging(true);
          }}
          data-testid="canned-manage"
        >
          {t("chats.canned.manage")}
        </Button>
      </Flex>
      {replies.isPending ? (
        <Spin size="small" />
      ) : replies.isError ? (
        <Alert type="error" showIcon message={describe(replies.error)} />
      ) : replies.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("chats.canned.empty")} />
      ) : (
        replies.data.items.map((reply) => (
          <button
            type="button"
            key={reply.id}
            className="chat-canned__item"
            onClick={() => {
              onPick(reply.body);
              setOpen(false);
            }}
            data-testid="canned-item"
          >
            <Typography.Text strong>{reply.title}</Typography.Text>
            <Typography.Text type="secondary" className="chat-canned__body">
              {reply.body}
            </Typography.Text>
          </button>
        ))
      )}
    </div>
  );

  return (
    <>
      <Popover open={open} onOpenChange={setOpen} trigger="click" placement="topRight" content={content}>
        <Button icon={<MessageOutlined />} data-testid="canned-open">
          {t("chats.canned.title")}
        </Button>
      </Popover>
      <CannedReplyManager
        open={managing}
        locale={locale}
        onLocale={setLocale}
        onClose={() => setManaging(false)}
      />
    </>
  );
}

interface ManagerProps {
  open: boolean;
  locale: Locale;
  onLocale(locale: Locale): void;
  onClose(): void;
}

/** Adds and deletes one locale's canned replies. */
function CannedReplyManager({ open, locale, onLocale, onClose }: ManagerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const replies = useCannedReplies(locale, open);
  const create = useCreateCannedReply();
  const remove = useDeleteCannedReply();
  const [form] = Form.useForm<{ title: string; body: string }>();

  const add = (values: { title: string; body: string }) =>
    create.mutate(
      { locale, title: values.title.trim(), body: values.body.trim() },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t("chats.canned.added"));
        },
        onError: (error) => void message.error(describe(error)),
      },
    );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t("chats.canned.manageTitle")}
      width={640}
      destroyOnHidden
    >
      <div data-testid="canned-manager">
        <Flex align="center" gap={8} className="stack-gap-sm">
          <Typography.Text type="secondary">{t("chats.canned.locale")}</Typography.Text>
          <LocaleSelect value={locale} onChange={onLocale} />
        </Flex>
        <List
          size="small"
          bordered
          loading={replies.isPending}
          locale={{ emptyText: t("chats.canned.empty") }}
          dataSource={replies.data?.items ?? []}
          className="chat-canned__list"
          renderItem={(reply) => (
            <List.Item
              data-testid="canned-row"
              actions={[
                <Button
                  key="delete"
                  size="small"
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t("chats.canned.delete")}
                  loading={remove.isPending && remove.variables?.id === reply.id}
                  onClick={() =>
                    remove.mutate(
                      { id: reply.id, locale },
                      { onError: (error) => void message.error(describe(error)) },
                    )
                  }
                  data-testid="canned-delete"
                />,
              ]}
            >
              <List.Item.Meta
                title={reply.title}
                description={<span className="pre-wrap">{reply.body}</span>}
              />
            </List.Item>
          )}
        />
        <Form form={form} layout="vertical" onFinish={add} requiredMark={false}>
          <Form.Item
            name="title"
            label={t("chats.canned.titleField")}
            rules={[
              { required: true, whitespace: true, message: t("chats.canned.titleRequired") },
              { max: 60 },
            ]}
          >
            <Input maxLength={60} data-testid="canned-title" />
          </Form.Item>
          <Form.Item
            name="body"
            label={t("chats.canned.bodyField")}
            rules={[{ required: true, whitespace: true, message: t("chats.canned.bodyRequired") }]}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={2_000}
              data-testid="canned-body"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="canned-add">
            {t("chats.canned.add")}
          </Button>
        </Form>
      </div>
    </Modal>
  );
}
