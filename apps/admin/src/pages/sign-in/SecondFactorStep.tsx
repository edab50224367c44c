import type { OperatorLoginChallenge, OperatorSessionResponse } from "@tickfair/contract";
import { Alert, Button, Flex, Form, Input, Switch, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSecondFactor } from "../../api/auth";
import { ApiError } from "../../api/errors";
import { useDescribeError } from "../../api/use-describe-error";
import { EnrolmentGuide } from "./EnrolmentGuide";

const CODE = /^\d{6}$/;

interface Props {
  challenge: OperatorLoginChallenge;
  onSession: (session: OperatorSessionResponse) => void;
  /** Back to the password: `expired` when the challenge ran out, so the page can say why. */
  onRestart: (reason: "expired" | null) => void;
}

/**
 * Step two: the authenticator's six digits, sent as soon as the sixth is typed; or a recovery code.
 * On enrolment the new secret is shown first and the code proves the app holds it.
 */
export function SecondFactorStep({ challenge, onSession, onRestart }: Props) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const verify = useSecondFactor();
  const [code, setCode] = useState("");
  // A new key after a refused code gives a fresh, empty and focused code field.
  const [attempt, setAttempt] = useState(0);
  const [useRecovery, setUseRecovery] = useState(false);
  const enrolling = challenge.step === "enrol";

  const submit = (factor: { code: string } | { recoveryCode: string }) => {
    // A challenge past its time would only be refused: start again at once instead.
    if (Date.now() >= Date.parse(challenge.expiresAt)) {
      onRestart("expired");
      return;
    }
    verify.mutate(
      { challenge: challenge.challenge, ...factor },
      {
        onSuccess: onSession,
        onError: (error) => {
          if (error instanceof ApiError && error.code === "SIGN_IN_CHALLENGE_EXPIRED") onRestart("expired");
          // A wrong code is typed again from the start.
          setCode("");
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      {enrolling && <EnrolmentGuide secret={challenge.secret} otpauthUri={challenge.otpauthUri} />}
      {useRecovery ? (
        <Form<{ recoveryCode: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={({ recoveryCode }) => submit({ recoveryCode: recoveryCode.trim() })}
          onValuesChange={() => verify.reset()}
        >
          <Form.Item
            name="recoveryCode"
            label={t("signIn.recoveryCode")}
            rules={[{ required: true, whitespace: true, message: t("signIn.recoveryCodeRequired") }]}
          >
            <Input className="mono" autoComplete="off" autoFocus maxLength={32} data-testid="recovery-code" />
          </Form.Item>
          {verify.isError && (
            <Alert type="error" showIcon message={describe(verify.error)} className="stack-gap" />
          )}
          <Button type="primary" htmlType="submit" block loading={verify.isPending}>
            {t("signIn.verify")}
          </Button>
        </Form>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>{enrolling ? t("signIn.enrolCode") : t("signIn.totpPrompt")}</Typography.Text>
          <Input.OTP
            key={attempt}
            length={6}
            autoFocus
            inputMode="numeric"
            onInput={(cells) => {
              setCode(cells.join(""));
              verify.reset();
            }}
            // Called once all six are typed (or pasted): sent at once.
            onChange={(value) => submit({ code: value })}
            // Digits only (the spaces stand for empty cells): a stray letter never reaches the server.
            formatter={(value) => value.replace(/[^\d ]/g, "")}
            disabled={verify.isPending}
            size="large"
            data-testid="totp-code"
          />
          {verify.isError && <Alert type="error" showIcon message={describe(verify.error)} />}
          <Button
            type="primary"
            block
            loading={verify.isPending}
            disabled={!CODE.test(code)}
            onClick={() => submit({ code })}
            data-testid="totp-submit"
          >
            {t("signIn.verify")}
          </Button>
        </Flex>
      )}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Button type="link" className="flush-inline" onClick={() => onRestart(null)}>
          {t("signIn.back")}
        </Button>
        {/* Recovery codes exist only once enrolled. */}
        {!enrolling && (
          <Flex gap={8} align="center">
            <Switch
              size="small"
              checked={useRecovery}
              onChange={(on) => {
                setUseRecovery(on);
                verify.reset();
              }}
              id="use-recovery-code"
              data-testid="use-recovery-code"
            />
            <label htmlFor="use-recovery-code">{t("signIn.useRecoveryCode")}</label>
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}
