import {
  amountProblem,
  type ContractDirection,
  cleanAmount,
  formatMoney,
  fromMinor,
  isPositiveAmount,
  type LossStreakPauseDetails,
  lessThanMoney,
  type Product,
  toMinor,
  winPayout,
} from "@tickfair/contract";
import { Button, Toast } from "antd-mobile";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { codeText, errorText } from "../../api/messages";
import { useWalletAvailable } from "../../api/practice";
import { usePlaceContract } from "../../api/trading";
import { useNetworkStatus } from "../../api/use-network-status";
import { AmountField } from "../../components/AmountField/AmountField";
import { Chip } from "../../components/Chip/Chip";
import { isLimitRefusal, showLimitRefusal } from "../../components/LimitRefusal/limit-refusal";
import { LockBanner } from "../../components/LockBanner/LockBanner";
import { lossStreakPauseOf } from "../../components/LossStreakPause/loss-streak";
import { DirectionMark } from "../../components/market/DirectionMark";
import { alertDialog } from "../../lib/dialogs";
import { formatReopens } from "../../lib/market-format";
import { loginPath, paths, productRulesPath } from "../../lib/paths";
import { formatRate } from "../../lib/trading-format";
import { Link, useNavigate, useSearch } from "../../router";
import { useSession } from "../../store/session";
import { capRefusalText } from "./cap-refusal";
import type { Quote } from "./TradeConfirm";

const loadTradeConfirm = () => import("./TradeConfirm").then((module) => ({ default: module.TradeConfirm }));
// The sheet (and antd's Popup) is fetched once the page is up, not before it paints.
const TradeConfirm = lazy(loadTradeConfirm);
// Only a user paused by a loss streak sees it: kept out of the page's first load.
const LossStreakPause = lazy(() =>
  import("../../components/LossStreakPause/LossStreakPause").then((module) => ({
    default: module.LossStreakPause,
  })),
);

const QUICK_AMOUNTS = ["10", "50", "100", "500"];
/** Codes after which the product's terms (status, durations, stake limits) are read again. */
const STALE_TERMS = ["PRODUCT_CLOSED", "DURATION_NOT_OFFERED", "STAKE_OUT_OF_RANGE"];

/** stake × (1 + rate), rounded down to the cent, in exact minor units. */
export function winEstimate(typed: string, payoutRateBps: number): string | null {
  const stake = typed.replace(/\.$/, "");
  if (!isPositiveAmount(stake)) return null;
  return fromMinor(winPayout(toMinor(stake), payoutRateBps));
}

/**
 * The order form: duration, stake, the estimate, buy up or down, then the confirmation sheet with the
 * live price. Buying waits while prices are not live (offline, socket reconnecting): the price shown
 * would be old.
 */
export function TradePanel({
  product,
  refetch,
  quote,
}: {
  product: Product;
  refetch: () => void;
  quote: Quote | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const search = useSearch();
  const token = useSession((s) => s.token);
  const available = useWalletAvailable();
  const [seconds, setSeconds] = useState(product.durations[0]?.seconds ?? 0);
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [confirm, setConfirm] = useState<ContractDirection | null>(null);
  const [quoteMoved, setQuoteMoved] = useState(false);
  // An order a loss streak held back, with the figures shown before it is sent again.
  const [held, setHeld] = useState<{ direction: ContractDirection; pause: LossStreakPauseDetails } | null>(
    null,
  );
  const live = useNetworkStatus() === "online";
  const place = usePlaceContract();
  useEffect(() => {
    loadTradeConfirm().catch(() => {
      // Offline: fetched again when the sheet opens.
    });
  }, []);
  const duration = product.durations.find((d) => d.seconds === seconds) ?? product.durations[0];
  const stake = { min: product.minStake, max: product.maxStake, available };
  const estimate =
    duration && amountProblem(amount, stake) === null ? winEstimate(amount, duration.payoutRateBps) : null;
  const tradable = product.status === "open" && duration !== undefined;
  const money = (value: string) => formatMoney(value, locale);

  function buy(direction: ContractDirection) {
    if (!token) {
      navigate(loginPath(paths.detail + search));
      return;
    }
    const value = cleanAmount(amount, product.maxStake, { complete: true });
    setAmount(value);
    const problem = amountProblem(value, stake);
    if (problem === "another") return setError(t("cashier.amountRequired"));
    if (problem === "belowMin" || problem === "aboveMax")
      return setError(
        t("trading.stakeRange", { min: money(product.minStake), max: money(product.maxStake) }),
      );
    if (problem === "overBalance") return setError(codeText("INSUFFICIENT_BALANCE"));
    setError(undefined);
    setQuoteMoved(false);
    setConfirm(direction);
  }

  async function submit(direction = confirm) {
    if (!direction || !duration || !quote || place.isPending) return;
    try {
      await place.mutateAsync({
        symbol: product.symbol,
        direction,
        stake: amount,
        durationSeconds: duration.seconds,
        quoteSeq: quote.seq,
      });
      setConfirm(null);
      Toast.show({ icon: "success", content: t("trading.buySuccess") });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "QUOTE_EXPIRED") {
        // The sheet stays open on the live price: the user confirms again at the price now shown.
        setQuoteMoved(true);
        return;
      }
      setConfirm(null);
      const pause = lossStreakPauseOf(failure);
      if (pause) return setHeld({ direction, pause });
      if (isLimitRefusal(failure)) return void showLimitRefusal(failure, t, navigate);
      const capRefusal = capRefusalText(failure, t);
      if (capRefusal)
        return void alertDialog({
          label: capRefusal,
          content: <span data-testid="cap-refusal">{capRefusal}</span>,
          confirmText: t("trading.capRefused.ok"),
        });
      Toast.show({ icon: "fail", content: errorText(failure) });
      if (failure instanceof ApiError && STALE_TERMS.includes(failure.code)) refetch();
    }
  }

  return (
    <section className="card detail-card trade" data-testid="trade-panel">
      {!tradable ? (
        <LockBanner testId="trade-closed">
          {product.pausedFor
            ? t(`trading.pausedFor.${product.pausedFor}`)
            : product.reopensAt
              ? t("trading.closedUntil", { time: formatReopens(product.reopensAt, locale) })
              : t("trading.closed")}
        </LockBanner>
      ) : null}
      <span className="tf-field__label">{t("trading.duration")}</span>
      <div className="trade-durations">
        {product.durations.map((d) => (
          <Chip
            key={d.seconds}
            active={d.seconds === duration?.seconds}
            aria-pressed={d.seconds === duration?.seconds}
            data-testid={`trade-duration-${d.seconds}`}
            onClick={() => setSeconds(d.seconds)}
          >
            {t("trading.durationChip", { seconds: d.seconds, rate: formatRate(d.payoutRateBps, locale) })}
          </Chip>
        ))}
      </div>
      <AmountField
        label={t("trading.amount")}
        name="stake"
        testId="trade"
        placeholder={t("trading.amountPlaceholder", {
          min: money(product.minStake),
          max: money(product.maxStake),
        })}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setError(undefined);
        }}
        max={product.maxStake}
        quick={QUICK_AMOUNTS}
        quickLook="chips"
        all={
          available !== null && lessThanMoney(product.maxStake, available)
            ? product.maxStake
            : (available ?? undefined)
        }
        error={error}
      />
      <dl className="trade-figures">
        <div>
          <dt>{t("trading.available")}</dt>
          <dd className="num" data-testid="trade-available">
            {available !== null ? money(available) : t("trading.loginToSee")}
          </dd>
        </div>
        <div>
          <dt>{t("trading.estimate")}</dt>
          <dd className={`num${estimate ? " trade-figures__estimate" : ""}`} data-testid="trade-estimate">
            {estimate ? money(estimate) : "—"}
          </dd>
        </div>
      </dl>
      <Link to={productRulesPath(product.symbol)} className="trade-rules-link" data-testid="trade-rules-link">
        {t("trading.rulesLink")}
      </Link>
      {/* Fixed at the foot of the screen: buying never needs a scroll past the chart and the form. */}
      <div className="trade-buttons trade-bar" data-testid="trade-bar">
        {(["up", "down"] as const).map((direction) => (
          <Button
            key={direction}
            className={`trade-button trade-button--${direction}`}
            block
            disabled={!tradable || !live}
            data-testid={`trade-buy-${direction}`}
            onClick={() => buy(direction)}
          >
            <DirectionMark direction={direction} />
            {direction === "up" ? t("trading.buyUp") : t("trading.buyDown")}
          </Button>
        ))}
      </div>
      <Suspense fallback={null}>
        <TradeConfirm
          product={product}
          direction={confirm}
          duration={duration}
          amount={amount}
          estimate={estimate}
          quote={quote}
          quoteMoved={quoteMoved}
          live={live}
          pending={place.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void submit()}
        />
      </Suspense>
      {held ? (
        <Suspense fallback={null}>
          <LossStreakPause
            pause={held.pause}
            onContinue={() => {
              setHeld(null);
              void submit(held.direction);
            }}
            onStop={() => setHeld(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
