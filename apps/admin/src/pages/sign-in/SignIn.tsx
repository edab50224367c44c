import type { OperatorLoginChallenge, OperatorSessionResponse } from "@tickfair/contract";
import { Alert, Flex, Space, Typography, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { LanguageSwitch } from "../../components/LanguageSwitch/LanguageSwitch";
import { ThemeSwitch } from "../../components/ThemeSwitch/ThemeSwitch";
import { safeNextPath } from "../../lib/next-path";
import { useSession } from "../../store/session";
import { PasswordStep } from "./PasswordStep";
import { RecoveryCodesStep } from "./RecoveryCodesStep";
import { SecondFactorStep } from "./SecondFactorStep";
import "./sign-in.css";

type Step =
  | { kind: "password"; notice: "challengeExpired" | null }
  | { kind: "second-factor"; challenge: OperatorLoginChallenge }
  /** Enrolment done: the session waits until the operator has kept the recovery codes. */
  | { kind: "recovery-codes"; session: OperatorSessionResponse; codes: string[] };

/** Sign-in: password, then the authenticator (enrolling it the first time), then the console. */
export default function SignIn() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const signedIn = useSession((state) => state.token !== null);
  const [step, setStep] = useState<Step>({ kind: "password", notice: null });

  if (signedIn) return <Navigate to={next} replace />;

  const enter = (session: OperatorSessionResponse) => {
    useSession.getState().signIn(session);
    navigate(next, { replace: true });
  };
  const onSession = (session: OperatorSessionResponse) => {
    if (session.recoveryCodes?.length)
      setStep({ kind: "recovery-codes", session, codes: session.recoveryCodes });
    else enter(session);
  };

  const titles: Record<Step["kind"], string> = {
    password: t("signIn.title"),
    "second-factor":
      step.kind === "second-factor" && step.challenge.step === "enrol"
        ? t("signIn.enrolTitle")
        : t("signIn.totpTitle"),
    "recovery-codes": t("signIn.recoveryCodesTitle"),
  };

  // The theme's colours (here and on the card) change at run time with light or dark.
  return (
    <Flex vertical className="sign-in" style={{ background: token.colorBgLayout }}>
      <Flex justify="flex-end" className="sign-in__bar">
        <Space>
          <LanguageSwitch />
          <ThemeSwitch />
        </Space>
      </Flex>
      <Flex flex={1} align="center" justify="center">
        {/* A plain panel: antd's Card would bring its tabs and skeleton to the first load. */}
        <section
          className="sign-in__card"
          data-testid={`step-${step.kind}`}
          style={{
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
            border: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex align="center" gap={10} className="sign-in__brand">
            <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={32} height={32} />
            <Typography.Text strong className="sign-in__brand-name">
              {t("shell.brand")}
            </Typography.Text>
          </Flex>
          <Typography.Title level={4} className="flush-top">
            {titles[step.kind]}
          </Typography.Title>
          {step.kind === "password" && params.get("expired") === "1" && (
            <Alert type="info" showIcon message={t("signIn.sessionExpired")} className="sign-in__notice" />
          )}
          {step.kind === "password" && step.notice === "challengeExpired" && (
            <Alert
              type="warning"
              showIcon
              message={t("signIn.challengeExpired")}
              className="sign-in__notice"
            />
          )}
          {step.kind === "password" && (
            <PasswordStep onChallenge={(challenge) => setStep({ kind: "second-factor", challenge })} />
          )}
          {step.kind === "second-factor" && (
            <SecondFactorStep
              challenge={step.challenge}
              onSession={onSession}
              onRestart={(reason) =>
                setStep({ kind: "password", notice: reason === "expired" ? "challengeExpired" : null })
              }
            />
          )}
          {step.kind === "recovery-codes" && (
            <RecoveryCodesStep
              username={step.session.operator.username}
              codes={step.codes}
              onContinue={() => enter(step.session)}
            />
          )}
        </section>
      </Flex>
    </Flex>
  );
}
