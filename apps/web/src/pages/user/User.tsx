import { copyText } from "@tickfair/browser/clipboard";
import { type AccountSummary, formatMoney, type VerificationState } from "@tickfair/contract";
import { Badge, Button, List, Skeleton, Toast } from "antd-mobile";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useLogout } from "../../api/auth";
import { useChatSummary } from "../../api/chat-summary";
import { useMe } from "../../api/me";
import { errorText } from "../../api/messages";
import { unreadBadgeText, useUnreadCount } from "../../api/unread-count";
import { useVerification } from "../../api/verification";
import {
  IconBadgeCheck,
  IconBell,
  IconCard,
  IconClipboard,
  IconClock,
  IconCopy,
  IconDeposit,
  IconFile,
  IconHeadset,
  IconLogout,
  type IconProps,
  IconSettings,
  IconShield,
  IconStar,
  IconUserCheck,
  IconWallet,
  IconWithdraw,
} from "../../components/icons";
import { WalletBar } from "../../components/WalletBar/WalletBar";
import { confirmDialog } from "../../lib/dialogs";
import { paths } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { Link, useNavigate } from "../../router";
import { useSession } from "../../store/session";
import "./user.css";
import { RefreshOnPull } from "../../components/RefreshOnPull/RefreshOnPull";

type ActionKey = "user.deposit" | "user.withdraw" | "user.verification";
type ListKey =
  | "user.orders"
  | "common.savings"
  | "user.depositDetails"
  | "user.withdrawDetails"
  | "user.fundRecords"
  | "user.solvency"
  | "user.withdrawAccount"
  | "home.messages"
  | "home.service"
  | "user.settings";

const ACTIONS: readonly { label: ActionKey; to: string; Icon: ComponentType<IconProps>; testId: string }[] = [
  { label: "user.deposit", to: paths.deposit, Icon: IconDeposit, testId: "user-deposit" },
  { label: "user.withdraw", to: paths.withdraw, Icon: IconWithdraw, testId: "user-withdraw" },
  { label: "user.verification", to: paths.verification, Icon: IconUserCheck, testId: "user-verification" },
];

const LIST: readonly { label: ListKey; to: string; Icon: ComponentType<IconProps>; testId: string }[] = [
  { label: "user.orders", to: paths.order, Icon: IconClipboard, testId: "user-orders" },
  { label: "common.savings", to: paths.savings, Icon: IconWallet, testId: "user-savings" },
  {
    label: "user.depositDetails",
    to: paths.depositDetails,
    Icon: IconDeposit,
    testId: "user-deposit-details",
  },
  {
    label: "user.withdrawDetails",
    to: paths.withdrawDetails,
    Icon: IconWithdraw,
    testId: "user-withdraw-details",
  },
  { label: "user.fundRecords", to: paths.fundRecords, Icon: IconFile, testId: "user-fund-records" },
  { label: "user.solvency", to: paths.solvency, Icon: IconShield, testId: "user-solvency" },
  {
    label: "user.withdrawAccount",
    to: paths.withdrawAccount,
    Icon: IconCard,
    testId: "user-withdraw-account",
  },
  { label: "home.messages", to: paths.messages, Icon: IconBell, testId: "user-messages" },
  { label: "home.service", to: paths.chat, Icon: IconHeadset, testId: "user-service" },
  { label: "user.settings", to: paths.settings, Icon: IconSettings, testId: "user-settings" },
];

function Figure({
  label,
  amount,
  locale,
  testId,
  signed = false,
}: {
  label: string;
  amount: string | undefined;
  locale: string;
  testId: string;
  signed?: boolean;
}) {
  return (
    <div className="user-figure">
      <span className="user-figure__label">{label}</span>
      {amount === undefined ? (
        <Skeleton animated className="user-figure__skeleton" />
      ) : (
        <span className={`user-figure__value num ${signed ? pnlClass(amount) : ""}`} data-testid={testId}>
          {formatMoney(amount, locale, { signed })}
        </span>
      )}
    </div>
  );
}

const VERIFICATION_TAGS = {
  verified: "user.verified",
  under_review: "user.verificationUnderReview",
  rejected: "user.verificationRejected",
  not_submitted: "user.notVerified",
} as const satisfies Record<VerificationState, string>;

/** The verified badge; until then, where the verification stands ("under review" rather than just "not verified"). */
function VerifiedTag({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  // Asked only while not verified; a reviewer's decision comes over the socket (api/realtime.ts).
  const verification = useVerification(!verified);
  const state: VerificationState = verified ? "verified" : (verification.data?.state ?? "not_submitted");
  return (
    <span
      className={`user-tag ${state === "verified" ? "user-tag--ok" : "user-tag--muted"}`}
      data-testid="user-verified"
      data-verified={state === "verified"}
      data-state={state}
    >
      {state === "verified" ? <IconBadgeCheck /> : state === "under_review" ? <IconClock /> : <IconShield />}
      {t(VERIFICATION_TAGS[state])}
    </span>
  );
}

export default function User() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const storedUser = useSession((s) => s.userInfo);
  const currency = useSession((s) => s.appInfo?.currency);
  const me = useMe();
  const logout = useLogout();
  const unread = unreadBadgeText(useUnreadCount().data?.unread);
  const serviceUnread = unreadBadgeText(useChatSummary().data?.unread);
  const user = me.data?.user ?? storedUser;
  const summary: Partial<AccountSummary> = me.data?.summary ?? {};
  const locale = i18n.language;
  const name = user?.nickname || user?.account || "";

  async function copyInvite() {
    if (!user?.inviteCode) return;
    const ok = await copyText(user.inviteCode);
    Toast.show(ok ? { icon: "success", content: t("user.copied") } : { content: t("user.copyFailed") });
  }

  async function confirmLogout() {
    const confirmed = await confirmDialog({ content: t("user.logoutConfirm") });
    if (!confirmed) return;
    await logout.mutateAsync();
    navigate(paths.login, { replace: true });
  }

  return (
    <div className="user">
      <RefreshOnPull onRefresh={() => me.refetch()}>
        <header className="user-head">
          <div className="user-head__top">
            <span className="user-head__title">{t("user.title")}</span>
            <Link to={paths.settings} className="user-head__icon" aria-label={t("user.settings")}>
              <IconSettings />
            </Link>
          </div>
          <div className="user-head__profile">
            <span className="user-head__avatar" aria-hidden="true">
              {name.slice(0, 1).toUpperCase() || "·"}
            </span>
            <div className="user-head__who">
              <div className="user-head__name" data-testid="user-nickname">
                {name || <Skeleton.Title animated className="user-head__skeleton" />}
              </div>
              {user?.nickname && user.nickname !== user.account ? (
                <div className="user-head__account">{t("user.accountLabel", { account: user.account })}</div>
              ) : null}
              <div className="user-head__tags">
                <span className="user-tag">{t("user.generalUser")}</span>
                {user ? <VerifiedTag verified={user.verified} /> : null}
                {user ? (
                  <span className="user-tag" data-testid="user-credit-score">
                    <IconStar />
                    {t("user.creditScore")} <b className="num">{user.creditScore}</b>
                  </span>
                ) : null}
              </div>
            </div>
          </div>
          {user?.inviteCode ? (
            <div className="user-invite">
              <span className="user-invite__text">
                <span className="user-invite__label">{t("user.inviteCode")}</span>
                <span className="user-invite__code num" data-testid="user-invite-code">
                  {user.inviteCode}
                </span>
              </span>
              <button
                type="button"
                className="user-invite__copy"
                data-testid="copy-invite-code"
                onClick={copyInvite}
              >
                <IconCopy />
                {t("user.copy")}
              </button>
            </div>
          ) : null}
        </header>

        <main className="user-body">
          <section className="user-figures card" aria-busy={me.isPending}>
            <div className="user-total">
              <span className="user-figure__label">
                {currency ? t("user.totalAssetsIn", { currency }) : t("user.totalAssets")}
              </span>
              {summary.totalAssets === undefined ? (
                <Skeleton animated className="user-total__skeleton" />
              ) : (
                <span className="user-total__value num" data-testid="user-total-assets">
                  {formatMoney(summary.totalAssets, locale)}
                </span>
              )}
            </div>
            <div className="user-figures__grid">
              {(
                [
                  ["user.available", summary.available, "user-available", false],
                  ["user.accountPnl", summary.accountPnl, "user-account-pnl", true],
                  ["user.todayPnl", summary.todayPnl, "user-today-pnl", true],
                ] as const
              ).map(([label, amount, testId, signed]) => (
                <Figure
                  key={testId}
                  label={t(label)}
                  amount={amount}
                  locale={locale}
                  testId={testId}
                  signed={signed}
                />
              ))}
            </div>
            {me.isError && !me.data ? (
              <div className="user-figures__error" role="alert">
                <span>
                  <strong>{t("user.loadFailed")}</strong>
                  <small>{errorText(me.error)}</small>
                </span>
                <Button size="mini" color="primary" fill="outline" onClick={() => void me.refetch()}>
                  {t("common.retry")}
                </Button>
              </div>
            ) : null}
          </section>

          <WalletBar />
          <nav className="user-actions card">
            {ACTIONS.map(({ label, to, Icon, testId }) => (
              <Link key={to} to={to} className="shortcut user-action" data-testid={testId}>
                <span className="icon-tile shortcut__icon">
                  <Icon strokeWidth={2} />
                </span>
                <span className="shortcut__label">{t(label)}</span>
              </Link>
            ))}
          </nav>

          <List className="user-list card">
            {LIST.map(({ label, to, Icon, testId }) => (
              <List.Item
                key={to}
                prefix={<Icon className="user-list__icon" />}
                onClick={() => navigate(to)}
                arrowIcon
                extra={
                  to === paths.messages && unread ? (
                    <Badge content={unread} data-testid="user-messages-badge" />
                  ) : to === paths.chat && serviceUnread ? (
                    <Badge content={serviceUnread} data-testid="user-service-badge" />
                  ) : undefined
                }
                data-testid={testId}
              >
                {t(label)}
              </List.Item>
            ))}
          </List>

          <Button
            block
            size="large"
            className="user-logout"
            onClick={confirmLogout}
            loading={logout.isPending}
            disabled={logout.isPending}
            data-testid="user-logout"
          >
            <IconLogout /> {t("user.logout")}
          </Button>
        </main>
      </RefreshOnPull>
    </div>
  );
}
