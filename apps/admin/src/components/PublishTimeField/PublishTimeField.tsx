import { Col, Form, Input, Radio, Row } from "antd";
import { useTranslation } from "react-i18next";
import { isoToLocalTime, localTimeToIso } from "../../lib/local-time";

/** The form values this field owns: at once, or at `publishAt` (a `datetime-local` value). */
export interface PublishTimeValues {
  when: "now" | "later";
  publishAt: string;
}

interface Props {
  /** The radio's label and its two choices, in the words of the form that uses it. */
  label: string;
  nowLabel: string;
  laterLabel: string;
  /** `<prefix>-when`, `<prefix>-when-later` and `<prefix>-publish-at`, for the journeys. */
  testIdPrefix: string;
}

/** Now or at a later time in the operator's own clock, which must be in the future. */
export function PublishTimeField({ label, nowLabel, laterLabel, testIdPrefix }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PublishTimeValues>();
  const when = Form.useWatch("when", form) ?? "now";
  return (
    <Row gutter={16}>
      <Col span={10}>
        <Form.Item name="when" label={label}>
          <Radio.Group optionType="button" data-testid={`${testIdPrefix}-when`}>
            <Radio value="now">{nowLabel}</Radio>
            <Radio value="later">
              <span data-testid={`${testIdPrefix}-when-later`}>{laterLabel}</span>
            </Radio>
          </Radio.Group>
        </Form.Item>
      </Col>
      <Col span={14}>
        {when === "later" && (
          <Form.Item
            name="publishAt"
            label={t("common.publishAt")}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const iso = localTimeToIso(value ?? "");
                  return iso && new Date(iso).getTime() > Date.now()
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("common.publishAtInvalid")));
                },
              },
            ]}
          >
            <Input
              type="datetime-local"
              min={isoToLocalTime(new Date())}
              className="tabular"
              data-testid={`${testIdPrefix}-publish-at`}
            />
          </Form.Item>
        )}
      </Col>
    </Row>
  );
}
