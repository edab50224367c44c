import { ClearOutlined, FilterOutlined } from "@ant-design/icons";
import type { AuditFilters as Filters } from "@tickfair/contract";
import { Button, Col, Form, Input, Row, Select, Space } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { fromLocalInput, toLocalInput } from "../../lib/audit-filters";
import type { AuditLabels } from "./audit-labels";

interface Values {
  operator: string;
  action: string | undefined;
  targetType: string | undefined;
  targetId: string;
  from: string;
  to: string;
}

const valuesOf = (filters: Filters): Values => ({
  operator: filters.operator ?? "",
  action: filters.action,
  targetType: filters.targetType,
  targetId: filters.targetId ?? "",
  from: toLocalInput(filters.from),
  to: toLocalInput(filters.to),
});

function filtersOf(values: Values): Filters {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const targetType = text(values.targetType);
  return {
    operator: text(values.operator),
    action: text(values.action),
    targetType,
    targetId: targetType ? text(values.targetId) : undefined,
    from: fromLocalInput(values.from),
    to: fromLocalInput(values.to),
  };
}

interface Props {
  filters: Filters;
  labels: AuditLabels;
  onChange: (filters: Filters) => void;
}

/**
 * Who, what, which record, when: applied together and kept in the URL. Times are typed in the
 * browser's zone and sent as instants; `to` is exclusive.
 */
export function AuditFilters({ filters, labels, onChange }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const targetType = Form.useWatch("targetType", form);

  // The URL is the truth: back, forward and a link clicked in the table all show here.
  useEffect(() => {
    form.setFieldsValue(valuesOf(filters));
  }, [filters, form]);

  const options = (entries: { value: string; label: string }[]) =>
    entries.map((entry) => ({
      value: entry.value,
      label: entry.label,
      title: entry.value,
      search: `${entry.label} ${entry.value}`.toLowerCase(),
    }));

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={valuesOf(filters)}
      onFinish={(values) => onChange(filtersOf(values))}
      data-testid="audit-filters"
    >
      <Row gutter={16}>
        <Col xs={24} md={8} xl={4}>
          <Form.Item name="operator" label={t("audit.operator")}>
            <Input
              allowClear
              maxLength={32}
              placeholder={t("audit.operatorPlaceholder")}
              data-testid="filter-operator"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16} xl={6}>
          <Form.Item name="action" label={t("audit.action")}>
            <Select
              allowClear
              showSearch
              placeholder={t("audit.anyAction")}
              optionFilterProp="search"
              options={options(labels.actions.map((entry) => ({ value: entry.code, label: entry.label })))}
              popupMatchSelectWidth={false}
              data-testid="filter-action"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} xl={4}>
          <Form.Item name="targetType" label={t("audit.targetType")}>
            <Select
              allowClear
              showSearch
              placeholder={t("audit.anyTarget")}
              optionFilterProp="search"
              options={options(labels.targets.map((entry) => ({ value: entry.type, label: entry.label })))}
              onChange={(value) => {
                if (!value) form.setFieldValue("targetId", "");
              }}
              data-testid="filter-target-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} xl={3}>
          <Form.Item name="targetId" label={t("audit.targetId")}>
            <Input
              allowClear
              maxLength={100}
              disabled={!targetType}
              className="mono"
              data-testid="filter-target-id"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} xl={7}>
          <Form.Item label={t("audit.time")} className="flush">
            <Space.Compact block>
              <Form.Item name="from" noStyle>
                <Input
                  type="datetime-local"
                  aria-label={t("audit.from")}
                  className="tabular"
                  data-testid="filter-from"
                />
              </Form.Item>
              <Form.Item name="to" noStyle>
                <Input
                  type="datetime-local"
                  aria-label={t("audit.to")}
                  className="tabular"
                  data-testid="filter-to"
                />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" icon={<FilterOutlined />} data-testid="filter-apply">
          {t("audit.apply")}
        </Button>
        <Button
          icon={<ClearOutlined />}
          onClick={() => {
            form.resetFields();
            form.setFieldsValue(valuesOf({}));
            onChange({});
          }}
          data-testid="filter-clear"
        >
          {t("audit.clear")}
        </Button>
      </Space>
    </Form>
  );
}
