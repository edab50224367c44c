import { LOCALE_NAMES } from "@tickfair/contract";
import { Button } from "antd-mobile";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../../components/BrandMark";
import { IconArrowRight, IconCheck, IconGlobe } from "../../components/icons";
import { LanguageSheetLoader } from "../../components/LanguageSheetLoader";
import { RiskWarning } from "../../components/RiskWarning/RiskWarning";
import { currentLocale } from "../../i18n";
import { paths } from "../../lib/paths";
import { Link, useNavigate } from "../../router";
import { useSession } from "../../store/session";
import "./welcome.css";

export default function Welcome() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const [languageOpen, setLanguageOpen] = useState(false);
  const features = [t("welcome.featureFair"), t("welcome.featureExact"), t("welcome.featureOwn")];

  return (
    <main className="welcome">
      <svg className="welcome__chart" viewBox="0 0 375 220" preserveAspectRatio="none" aria-hidden="true">
        <defs>
          <linearGradient id="welcome-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#ffffff" stopOpacity="0.22" />
            <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
          </linearGradient>
        </defs>
        <path
          d="M0 170 L30 160 L55 166 L80 140 L105 148 L130 118 L155 126 L180 96 L205 104 L230 78 L255 90 L280 60 L305 70 L330 40 L355 48 L375 30 L375 220 L0 220 Z"
          fill="url(#welcome-fill)"
        />
        <path
          d="M0 170 L30 160 L55 166 L80 140 L105 148 L130 118 L155 126 L180 96 L205 104 L230 78 L255 90 L280 60 L305 70 L330 40 L355 48 L375 30"
          fill="none"
          stroke="#ffffff"
          strokeOpacity="0.55"
          strokeWidth="2"
        />
      </svg>

      <div className="welcome__top">
        <button
          type="button"
          className="welcome__lang"
          data-testid="welcome-language"
          onClick={() => setLanguageOpen(true)}
        >
          <IconGlobe />
          <span>{LOCALE_NAMES[currentLocale()]}</span>
        </button>
      </div>

      <section className="welcome__hero">
        <BrandMark size={72} inverted />
        <h1 className="welcome__brand">{t("common.appName")}</h1>
        <p className="welcome__tagline">{t("welcome.tagline")}</p>
        <ul className="welcome__features">
          {features.map((text) => (
            <li key={text}>
              <span className="welcome__check">
                <IconCheck strokeWidth={2.6} />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </section>

      <section className="welcome__actions">
        {loggedIn ? (
          <WelcomeButton to={paths.home} testId="welcome-enter">
            {t("welcome.enter")}
          </WelcomeButton>
        ) : (
          <>
            <WelcomeButton to={paths.login} testId="welcome-login">
              {t("welcome.login")}
            </WelcomeButton>
            <WelcomeButton to={paths.registerCheck} testId="welcome-register" secondary>
              {t("welcome.register")}
            </WelcomeButton>
            <Link className="welcome__browse" to={paths.home} data-testid="welcome-browse">
              {t("welcome.browse")}
              <IconArrowRight />
            </Link>
          </>
        )}
        <RiskWarning tone="dark" />
      </section>

      <LanguageSheetLoader visible={languageOpen} onClose={() => setLanguageOpen(false)} />
    </main>
  );
}

/** One of the welcome screen's large buttons: the brand-filled one, or the outlined second choice. */
function WelcomeButton({
  to,
  testId,
  secondary = false,
  children,
}: {
  to: string;
  testId: string;
  secondary?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Button
      block
      shape="rounded"
      size="large"
      fill={secondary ? "outline" : "solid"}
      className={secondary ? "welcome__secondary" : "welcome__primary"}
      data-testid={testId}
      onClick={() => navigate(to)}
    >
      {children}
    </Button>
  );
}
