import {
  type Contract,
  type ContractDirection,
  cleanAmount,
  formatMoney,
  fromMinor,
  isMoneyString,
  lessThanMoney,
  type Product,
  type Tick,
  toMinor,
  winPayout,
} from "@tickfair/contract";
import { Button, Popup, Skeleton, Toast } from "antd-mobile";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useSubmissionKey } from "../../api/cashier";
import { ApiError } from "../../api/errors";
import { useTicker } from "../../api/market-socket";
import { useMe } from "../../api/me";
import { codeText, errorText } from "../../api/messages";
import { useProductFeed } from "../../api/product-feed";
import { useOpenContracts, usePlaceContract, useProduct } from "../../api/trading";
import { LoadError } from "../../components/LoadError";
import { ProductIcon } from "../../components/market/ProductIcon";
import { PageNavBar } from "../../components/PageNavBar";
import { RiskWarning } from "../../components/RiskWarning";
import { TextField } from "../../components/TextField";
import { timeLeftMs } from "../../lib/countdown";
import { formatChange, formatPrice, formatVolume } from "../../lib/market-format";
import { loginPath, paths } from "../../lib/paths";
import { signOf } from "../../lib/pnl";
import { formatDateTime } from "../../lib/time";
import { useSession } from "../../store/session";
import { CHART_VIEWS, PriceChart } from "./PriceChart";
import "../../components/market/market.css";
import "../../styles/cashier.css";
import "./detail.css";
import { serverNow } from "../../lib/server-clock";

const QUICK_AMOUNTS = ["10", "50", "100", "500"];
const CHANGE = { 1: "up", 0: "flat", [-1]: "down" } as const;

/** stake × (1 + rate), rounded down to the cent, in exact minor units. */
export function winEstimate(stake: string, payoutRateBps: number): string | null {
  if (!isMoneyString(stake) || toMinor(stake) <= 0n) return null;
  return fromMinor(winPayout(toMinor(stake), payoutRateBps));
}

function percent(bps: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(bps / 10_000);
}

function timeOf(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

export default function Detail() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const symbol = params.get("symbol") ?? "";
  const product = useProduct(symbol, i18n.language);

  return (
    <div className="page detail-page">
      <PageNavBar title={product.data?.name ?? symbol} backTo={paths.product} />
      <main className="page__body detail">
        {product.isPending && symbol !== "" ? (
          <div className="card detail-card">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : product.isError || !product.data ? (
          <div className="card detail-card">
            <LoadError
              error={product.error ?? new ApiError("PRODUCT_NOT_FOUND", 404)}
              title={t("market.loadFailed")}
              onRetry={() => void product.refetch()}
            />
          </div>
        ) : (
          <DetailBody product={product.data} refetch={() => void product.refetch()} />
        )}
        <RiskWarning />
      </main>
    </div>
  );
}

function DetailBody({ product, refetch }: { product: Product; refetch: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ticker = useTicker(product.symbol, product.ticker);
  const [tick, setTick] = useState<Tick | null>(null);
  const [view, setView] = useState<(typeof CHART_VIEWS)[number]>("line");
  const lastSeq = useRef<string | null>(null);
  const open = useOpenContracts();

  const onTicks = useCallback((items: Tick[]) => {
    const last = items.at(-1);
    if (!last) return;
    lastSeq.current = last.seq;
    setTick(last);
  }, []);
  useProductFeed(
    product.symbol,
    useCallback(() => lastSeq.current, []),
    onTicks,
  );

  const price = tick?.price ?? ticker?.price ?? null;
  const at = tick?.time ?? ticker?.time ?? null;
  const direction = ticker ? CHANGE[signOf(ticker.change24h)] : "flat";
  const stats = ticker
    ? [
        ["high", formatPrice(ticker.high24h, product.precision, locale)],
        ["low", formatPrice(ticker.low24h, product.precision, locale)],
        ["volume", formatVolume(ticker.volume24h, locale)],
        ["amount", formatVolume(ticker.amount24h, locale)],
      ]
    : [];

  return (
    <>
      <section className="card detail-card detail-head" data-testid="detail-head">
        <div className="detail-head__title">
          <span className="detail-head__name">
            <ProductIcon symbol={product.symbol} size={36} />
            <strong data-testid="detail-name">{product.name}</strong>
            <small>{product.symbol}</small>
          </span>
          {product.simulated ? (
            <span className="market-tag market-tag--simulated" data-testid="detail-simulated">
              {t("market.simulated")}
            </span>
          ) : null}
        </div>
        <div className="detail-head__quote">
          <strong
            className={`detail-head__price detail-head__price--${direction}`}
            data-testid="detail-price"
          >
            {price ? formatPrice(price, product.precision, locale) : "—"}
          </strong>
          {ticker ? (
            <span className={`market-change market-change--${direction}`} data-testid="detail-change">
              {formatChange(ticker.change24h, locale)}
            </span>
          ) : null}
          {at ? (
            <small className="detail-head__time num" data-testid="detail-time">
              {timeOf(at, locale)}
            </small>
          ) : null}
        </div>
        <dl className="detail-stats">
          {stats.map(([key, value]) => (
            <div key={key}>
              <dt>{t(`trading.stat.${key as "high"}`)}</dt>
              <dd className="num" data-testid={`detail-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card detail-card detail-chart-card">
        <div className="detail-views" role="tablist" aria-label={t("trading.chart")}>
          {CHART_VIEWS.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={view === value}
              className={view === value ? "chip chip--active" : "chip"}
              data-testid={`detail-view-${value}`}
              onClick={() => setView(value)}
            >
              {value === "line" ? t("trading.line") : value}
            </button>
          ))}
        </div>
        <PriceChart symbol={product.symbol} precision={product.precision} view={view} tick={tick} />
      </section>

      <TradePanel product={product} refetch={refetch} />
      <Positions product={product} contracts={open.data?.items ?? []} />
    </>
  );
}

function TradePanel({ product, refetch }: { product: Product; refetch: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSession((s) => s.token);
  const me = useMe();
  const available = token ? (me.data?.summary.available ?? null) : null;
  const [seconds, setSeconds] = useState(product.durations[0]?.seconds ?? 0);
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [confirm, setConfirm] = useState<ContractDirection | null>(null);
  const place = usePlaceContract();
  const keys = useSubmissionKey();
  const duration = product.durations.find((d) => d.seconds === seconds) ?? product.durations[0];
  const estimate = duration ? winEstimate(amount, duration.payoutRateBps) : null;
  const tradable = product.status === "open" && duration !== undefined;
  const money = (value: string) => formatMoney(value, locale);

  function buy(direction: ContractDirection) {
    if (!token) {
      navigate(loginPath(paths.detail + location.search));
      return;
    }
    const value = cleanAmount(amount, product.maxStake, { complete: true });
    setAmount(value);
    if (value === "") return setError(t("trading.amountRequired"));
    if (lessThanMoney(value, product.minStake) || lessThanMoney(product.maxStake, value))
      return setError(
        t("trading.stakeRange", { min: money(product.minStake), max: money(product.maxStake) }),
      );
    if (available !== null && lessThanMoney(available, value))
      return setError(codeText("INSUFFICIENT_BALANCE"));
    setError(undefined);
    setConfirm(direction);
  }

  async function submit() {
    if (!confirm || !duration || place.isPending) return;
    const body = {
      symbol: product.symbol,
      direction: confirm,
      stake: amount,
      durationSeconds: duration.seconds,
    };
    try {
      await place.mutateAsync({ body, key: keys.keyFor(body) });
      keys.reset();
      setConfirm(null);
      Toast.show({ icon: "success", content: t("trading.buySuccess") });
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : "";
      setConfirm(null);
      Toast.show({ icon: "fail", content: errorText(failure) });
      if (code === "PRODUCT_CLOSED" || code === "DURATION_NOT_OFFERED" || code === "STAKE_OUT_OF_RANGE")
        refetch();
    }
  }

  return (
    <section className="card detail-card trade" data-testid="trade-panel">
      {!tradable ? (
        <div className="lock-banner" role="alert" data-testid="trade-closed">
          <span>
            {product.reopensAt
              ? t("trading.closedUntil", { time: formatDateTime(product.reopensAt, locale) })
              : t("trading.closed")}
          </span>
        </div>
      ) : null}
      <span className="tf-field__label">{t("trading.duration")}</span>
      <div className="trade-durations">
        {product.durations.map((d) => (
          <button
            key={d.seconds}
            type="button"
            aria-pressed={d.seconds === duration?.seconds}
            className={d.seconds === duration?.seconds ? "chip chip--active" : "chip"}
            data-testid={`trade-duration-${d.seconds}`}
            onClick={() => setSeconds(d.seconds)}
          >
            {t("trading.durationChip", { seconds: d.seconds, rate: percent(d.payoutRateBps, locale) })}
          </button>
        ))}
      </div>
      <TextField
        label={t("trading.amount")}
        name="stake"
        testId="trade-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t("trading.amountPlaceholder", {
          min: money(product.minStake),
          max: money(product.maxStake),
        })}
        value={amount}
        onValueChange={(v) => {
          setAmount(cleanAmount(v, product.maxStake));
          setError(undefined);
        }}
        onBlur={() => setAmount((v) => cleanAmount(v, product.maxStake, { complete: true }))}
        suffix={
          available !== null ? (
            <button
              type="button"
              className="field-action"
              data-testid="trade-all"
              onClick={() => {
                if (lessThanMoney("0", available))
                  setAmount(lessThanMoney(product.maxStake, available) ? product.maxStake : available);
                setError(undefined);
              }}
            >
              {t("withdraw.all")}
            </button>
          ) : undefined
        }
        error={error}
      />
      <div className="trade-quick">
        {QUICK_AMOUNTS.filter((q) => !lessThanMoney(product.maxStake, q)).map((q) => (
          <button
            key={q}
            type="button"
            className={amount === q ? "chip chip--active" : "chip"}
            data-testid={`trade-quick-${q}`}
            onClick={() => {
              setAmount(q);
              setError(undefined);
            }}
          >
            {money(q)}
          </button>
        ))}
      </div>
      <dl className="trade-figures">
        <div>
          <dt>{t("trading.available")}</dt>
          <dd className="num" data-testid="trade-available">
            {available !== null ? money(available) : t("trading.loginToSee")}
          </dd>
        </div>
        <div>
          <dt>{t("trading.estimate")}</dt>
          <dd className="num trade-figures__estimate" data-testid="trade-estimate">
            {estimate ? money(estimate) : "—"}
          </dd>
        </div>
      </dl>
      <div className="trade-buttons">
        <Button
          className="trade-button trade-button--up"
          block
          disabled={!tradable}
          data-testid="trade-buy-up"
          onClick={() => buy("up")}
        >
          {t("trading.buyUp")}
        </Button>
        <Button
          className="trade-button trade-button--down"
          block
          disabled={!tradable}
          data-testid="trade-buy-down"
          onClick={() => buy("down")}
        >
          {t("trading.buyDown")}
        </Button>
      </div>

      <Popup
        visible={confirm !== null}
        onMaskClick={() => !place.isPending && setConfirm(null)}
        bodyClassName="trade-confirm"
        destroyOnClose
      >
        {confirm && duration ? (
          <div data-testid="trade-confirm">
            <h3 className="trade-confirm__title">{t("trading.confirmTitle")}</h3>
            <dl className="trade-figures">
              <div>
                <dt>{product.name}</dt>
                <dd>{product.symbol}</dd>
              </div>
              <div>
                <dt>{t("trading.direction")}</dt>
                <dd className={`trade-dir trade-dir--${confirm}`} data-testid="trade-confirm-direction">
                  {t(`trading.${confirm}`)}
                </dd>
              </div>
              <div>
                <dt>{t("trading.amount")}</dt>
                <dd className="num" data-testid="trade-confirm-amount">
                  {money(amount)}
                </dd>
              </div>
              <div>
                <dt>{t("trading.duration")}</dt>
                <dd className="num">{t("trading.seconds", { seconds: duration.seconds })}</dd>
              </div>
              <div>
                <dt>{t("trading.rate")}</dt>
                <dd className="num">{percent(duration.payoutRateBps, locale)}</dd>
              </div>
              <div>
                <dt>{t("trading.estimate")}</dt>
                <dd className="num trade-figures__estimate" data-testid="trade-confirm-estimate">
                  {estimate ? money(estimate) : "—"}
                </dd>
              </div>
            </dl>
            <div className="trade-buttons">
              <Button
                block
                disabled={place.isPending}
                onClick={() => setConfirm(null)}
                data-testid="trade-cancel"
              >
                {t("common.cancel")}
              </Button>
              <Button
                block
                className={`trade-button trade-button--${confirm}`}
                loading={place.isPending}
                disabled={place.isPending}
                data-testid="trade-confirm-submit"
                onClick={() => void submit()}
              >
                {t("trading.confirm")}
              </Button>
            </div>
          </div>
        ) : null}
      </Popup>
    </section>
  );
}

function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

function Positions({ product, contracts }: { product: Product; contracts: Contract[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const mine = contracts.filter((c) => c.symbol === product.symbol);
  const [now, setNow] = useState(() => serverNow());
  const running = mine.length > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(serverNow()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  if (mine.length === 0) return null;

  return (
    <section className="card detail-card positions" data-testid="positions">
      <h3 className="positions__title">{t("trading.positions")}</h3>
      <ul>
        {mine.map((c) => {
          const left = timeLeftMs(c, now);
          return (
            <li key={c.id} className="position" data-testid="position" data-status={c.status}>
              <div className="position__row">
                <span className={`trade-dir trade-dir--${c.direction}`}>{t(`trading.${c.direction}`)}</span>
                <strong className="num">{formatMoney(c.stake, locale)}</strong>
                <span className="position__timer num" data-testid="position-countdown">
                  {left === null
                    ? t("trading.waitingEntry")
                    : left > 0
                      ? t("trading.endsIn", { time: countdown(left) })
                      : t("trading.settling")}
                </span>
              </div>
              <div className="position__row position__row--meta">
                <span>
                  {t("trading.seconds", { seconds: c.durationSeconds })} · {percent(c.payoutRateBps, locale)}
                </span>
                <span>
                  {c.entry
                    ? t("trading.entryPrice", {
                        price: formatPrice(c.entry.price, product.precision, locale),
                      })
                    : ""}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
