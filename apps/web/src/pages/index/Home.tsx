import { LOCALE_NAMES } from "@tickfair/contract";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { later } from "../../boot-later";
import { BrandMark } from "../../components/BrandMark";
import { HydratedSuspense } from "../../components/Hydrated/Hydrated";
import {
  IconArrowRight,
  IconBell,
  IconCard,
  IconChevronRight,
  IconClipboard,
  IconDeposit,
  IconGlobe,
  IconHeadset,
  IconInfo,
  type IconProps,
  IconShield,
  IconTrend,
} from "../../components/icons";
import { LanguageSheetLoader } from "../../components/LanguageSheetLoader";
import { MarketSkeleton } from "../../components/market/MarketSkeleton";
import { currentLocale } from "../../i18n";
import { paths } from "../../lib/paths";
import { Link } from "../../router";
import { useSession } from "../../store/session";
import "./home.css";

// Its own chunk: prices, formatting and the market socket stay out of the first load.
const RecommendedProducts = lazy(() => import("./RecommendedProducts"));
// Its own chunk too: only a signed-in user has a Yu'ebao to show.
const HomeSavings = lazy(() => import("./HomeSavings"));
// And the platform highlights and the latest news: below the fold, asked for after the first paint.
const HomeContent = lazy(() => import("./HomeContent"));
// And the unread messages' count: a signed-in user's, asked for once the first screen is interactive.
const MessagesBadge = lazy(later(() => import("./MessagesBadge")));
// And support's unread answers, the same way.
const ServiceBadge = lazy(later(() => import("./ServiceBadge")));
// And the risk warning below the products, the same way.
const RiskWarning = lazy(
  later(() => import("../../components/RiskWarning/RiskWarning").then((m) => ({ default: m.RiskWarning }))),
);
// And the operators' banners and pop-up notice: the app's own banner stands in until they come.
const HomeBanners = lazy(() => import("./HomeBanners"));

function RecommendedFallback() {
  return (
    <section className="home-market card" aria-busy="true">
      <div className="home-market__header home-market__header--loading" />
      <MarketSkeleton rows={5} busy={false} />
    </section>
  );
}

type EntryKey =
  | "home.deposit"
  | "home.product"
  | "home.orders"
  | "home.withdrawMethod"
  | "home.about"
  | "home.messages"
  | "home.service"
  | "home.privacy";

interface Entry {
  label: EntryKey;
  to: string;
  Icon: ComponentType<IconProps>;
  tone: string;
  testId: string;
}

const ENTRIES: readonly Entry[] = [
  { label: "home.deposit", to: paths.deposit, Icon: IconDeposit, tone: "blue", testId: "home-deposit" },
  { label: "home.product", to: paths.product, Icon: IconTrend, tone: "green", testId: "home-product" },
  { label: "home.orders", to: paths.order, Icon: IconClipboard, tone: "orange", testId: "home-orders" },
  {
    label: "home.withdrawMethod",
    to: paths.withdrawAccount,
    Icon: IconCard,
    tone: "violet",
    testId: "home-withdraw-method",
  },
  { label: "home.about", to: paths.aboutUs, Icon: IconInfo, tone: "cyan", testId: "home-about" },
  { label: "home.messages", to: paths.messages, Icon: IconBell, tone: "red", testId: "home-messages" },
  { label: "home.service", to: paths.chat, Icon: IconHeadset, tone: "teal", testId: "home-service" },
  { label: "home.privacy", to: paths.privacy, Icon: IconShield, tone: "indigo", testId: "home-privacy" },
];

export default function Home() {
  const { t } = useTranslation();
  const user = useSession((s) => (s.token ? s.userInfo : null));
  const loggedIn = useSession((s) => s.token !== null);
  const [languageOpen, setLanguageOpen] = useState(false);
  // The app's own banner: while the published banners load, and when there are none.
  const hero = (
    <section className="home-banner" aria-label={t("home.bannerTitle")}>
      <svg className="home-banner__art" viewBox="0 0 343 150" preserveAspectRatio="none" aria-hidden="true">
        <defs>
          <linearGradient id="home-banner-bg" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#3d78ff" />
            <stop offset="0.55" stopColor="#1f5af0" />
            <stop offset="1" stopColor="#0f2f94" />
          </linearGradient>
          <linearGradient id="home-banner-area" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fff" stopOpacity="0.28" />
            <stop offset="1" stopColor="#fff" stopOpacity="0" />
          </linearGradient>
        </defs>
        <rect width="343" height="150" fill="url(#home-banner-bg)" />
        <circle cx="300" cy="18" r="70" fill="#fff" fillOpacity="0.06" />
        <circle cx="330" cy="130" r="46" fill="#fff" fillOpacity="0.05" />
        <path
          d="M190 136 L206 128 L220 132 L236 116 L250 121 L266 102 L280 108 L296 86 L310 92 L324 70 L343 58 L343 150 L190 150 Z"
          fill="url(#home-banner-area)"
        />
        <path
          d="M190 136 L206 128 L220 132 L236 116 L250 121 L266 102 L280 108 L296 86 L310 92 L324 70 L343 58"
          fill="none"
          stroke="#fff"
          strokeOpacity="0.6"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <circle cx="324" cy="70" r="3.5" fill="#34d399" />
      </svg>
      <div className="home-banner__text">
        <span className="home-banner__badge">{t("home.bannerBadge")}</span>
        <h2 className="home-banner__title">{t("home.bannerTitle")}</h2>
        <p className="home-banner__desc">{t("home.bannerText")}</p>
      </div>
    </section>
  );

  return (
    <div className="home">
      <header className="home__header">
        <div className="home__brand">
          <BrandMark size={30} />
          <span>{t("common.appName")}</span>
        </div>
        <button
          type="button"
          className="home__lang"
          data-testid="home-language"
          // "Language: English": the name holds the text that is seen (WCAG 2.5.3, label in name).
          aria-label={`${t("home.language")}: ${LOCALE_NAMES[currentLocale()]}`}
          onClick={() => setLanguageOpen(true)}
        >
          <IconGlobe />
          <span>{LOCALE_NAMES[currentLocale()]}</span>
        </button>
      </header>

      <main className="home__body">
        <HydratedSuspense fallback={hero}>
          <HomeBanners hero={hero} signedIn={loggedIn} />
        </HydratedSuspense>

        {loggedIn ? (
          <Link to={paths.user} className="home-account card" data-testid="home-account">
            <span className="icon-tile home-account__avatar">
              {(user?.nickname || user?.account || "?").slice(0, 1).toUpperCase()}
            </span>
            <span className="home-account__text">
              <strong>{t("home.hello", { name: user?.nickname || user?.account || "" })}</strong>
              <span>{t("home.helloText")}</span>
            </span>
            <IconChevronRight className="home-account__arrow" />
          </Link>
        ) : (
          <div className="home-account card">
            <span className="home-account__text">
              <strong>{t("home.guestTitle")}</strong>
              <span>{t("home.guestText")}</span>
            </span>
            <Link to={paths.login} className="home-account__cta" data-testid="home-login">
              {t("home.guestAction")}
            </Link>
          </div>
        )}

        {loggedIn ? (
          <Suspense fallback={null}>
            <HomeSavings />
          </Suspense>
        ) : null}

        <nav className="home-entries card" aria-label={t("common.appName")}>
          {ENTRIES.map(({ label, to, Icon, tone, testId }) => (
            <Link key={to} to={to} className="shortcut" data-testid={testId}>
              <span className={`icon-tile shortcut__icon tone-${tone}`}>
                <Icon strokeWidth={2} />
                {loggedIn && (to === paths.messages || to === paths.chat) ? (
                  <Suspense fallback={null}>
                    {to === paths.messages ? <MessagesBadge /> : <ServiceBadge />}
                  </Suspense>
                ) : null}
              </span>
              <span className="shortcut__label home-entry__label">{t(label)}</span>
            </Link>
          ))}
        </nav>

        <HydratedSuspense fallback={<RecommendedFallback />}>
          <RecommendedProducts />
        </HydratedSuspense>

        <HydratedSuspense fallback={null}>
          <RiskWarning />
        </HydratedSuspense>

        <HydratedSuspense fallback={null}>
          <HomeContent />
        </HydratedSuspense>
        <Link to={paths.privacy} className="home-privacy">
          {t("home.privacy")}
          <IconArrowRight />
        </Link>
      </main>

      <LanguageSheetLoader visible={languageOpen} onClose={() => setLanguageOpen(false)} />
    </div>
  );
}
