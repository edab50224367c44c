import { ClearOutlined, FilterOutlined } from "@ant-design/icons";
import type { AuditFilters as Filters } from "@tickfair/contract";
import { Button, Col, Form, type FormItemProps, Input, Row, Select, type SelectProps, Space } from "antd";
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

/** A searchable select of labelled codes: found by label or code, the code shown on hover. */
function CodeSelect({
  entries,
  ...props
}: SelectProps<string> & { entries: { value: string; label: string }[] }) {
  return (
    <Select<string>
      allowClear
      showSearch
      optionFilterProp="search"
      options={entries.map((entry) => ({
        value: entry.value,
        label: entry.label,
        title: entry.value,
        search: `${entry.label} ${entry.value}`.toLowerCase(),
      }))}
      {...props}
    />
  );
}

/** One filter in the grid: a full row on a phone, `md` and `xl` columns wider. */
function FilterCol({ md, xl, ...item }: { md: number; xl: number } & FormItemProps<Values>) {
  return (
    <Col xs={24} md={md} xl={xl}>
      <Form.Item<Values> {...item} />
    </Col>
  );
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

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={valuesOf(filters)}
      onFinish={(values) => onChange(filtersOf(values))}
      data-testid="audit-filters"
    >
      <Row gutter={16}>
        <FilterCol md={8} xl={4} name="operator" label={t("audit.operator")}>
          <Input
            allowClear
            maxLength={32}
            placeholder={t("audit.operatorPlaceholder")}
            data-testid="filter-operator"
          />
        </FilterCol>
        <FilterCol md={16} xl={6} name="action" label={t("audit.action")}>
          <CodeSelect
            entries={labels.actions.map((entry) => ({ value: entry.code, label: entry.label }))}
            placeholder={t("audit.anyAction")}
            popupMatchSelectWidth={false}
            data-testid="filter-action"
          />
        </FilterCol>
        <FilterCol md={8} xl={4} name="targetType" label={t("audit.targetType")}>
          <CodeSelect
            entries={labels.targets.map((entry) => ({ value: entry.type, label: entry.label }))}
            placeholder={t("audit.anyTarget")}
            onChange={(value) => {
              if (!value) form.setFieldValue("targetId", "");
            }}
            data-testid="filter-target-type"
          />
        </FilterCol>
        <FilterCol md={8} xl={3} name="targetId" label={t("audit.targetId")}>
          <Input
            allowClear
            maxLength={100}
            disabled={!targetType}
            className="mono"
            data-testid="filter-target-id"
          />
        </FilterCol>
        <FilterCol md={8} xl={7} label={t("audit.time")} className="flush">
          <Space.Compact block>
            {(["from", "to"] as const).map((bound) => (
              <Form.Item key={bound} name={bound} noStyle>
                <Input
                  type="datetime-local"
                  aria-label={t(`audit.${bound}`)}
                  className="tabular"
                  data-testid={`filter-${bound}`}
                />
              </Form.Item>
            ))}
          </Space.Compact>
        </FilterCol>
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
