import {
  cleanAmount,
  DEFAULT_MAX_AMOUNT,
  formatMoney,
  isPayPassword,
  lessThanMoney,
  maxMoney,
  type WithdrawalQuote,
} from "@tickfair/contract";
import { Button, Skeleton, Toast } from "antd-mobile";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useCreateWithdrawal, useSubmissionKey, useWithdrawalQuote } from "../../api/cashier";
import { ApiError } from "../../api/errors";
import { codeText, errorText, fieldErrorTexts } from "../../api/messages";
import { EmptyState } from "../../components/EmptyState";
import { IconCard, IconClock } from "../../components/icons";
import { LoadError } from "../../components/LoadError";
import { PageNavBar } from "../../components/PageNavBar";
import { SubmitButton } from "../../components/SubmitButton";
import { TextField } from "../../components/TextField";
import { WithdrawalAccountCard } from "../../components/WithdrawalAccountCard";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import { withdrawalFigures } from "../../lib/withdrawal-fee";
import { useSession } from "../../store/session";
import "../../styles/cashier.css";
import "./withdraw.css";

const AMOUNT_CODES = [
  "AMOUNT_INVALID",
  "AMOUNT_BELOW_MINIMUM",
  "AMOUNT_NOT_ABOVE_FEE",
  "INSUFFICIENT_BALANCE",
];

const digits6 = (value: string) => value.replace(/\D/g, "").slice(0, 6);

export default function Withdraw() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const quote = useWithdrawalQuote();

  return (
    <div className="page">
      <PageNavBar
        title={t("withdraw.title")}
        backTo={paths.user}
        right={
          <Link to={paths.withdrawDetails} className="navbar-link" data-testid="withdraw-records">
            {t("withdraw.records")}
          </Link>
        }
      />
      <main className="page__body cashier">
        {quote.isPending ? (
          <>
            <div className="card cashier-card">
              <Skeleton.Title animated />
              <Skeleton.Paragraph lineCount={2} animated />
            </div>
            <div className="card cashier-card">
              <Skeleton.Paragraph lineCount={5} animated />
            </div>
          </>
        ) : quote.isError ? (
          <div className="card cashier-card">
            <LoadError error={quote.error} onRetry={() => void quote.refetch()} />
          </div>
        ) : !quote.data.account ? (
          <div className="card">
            <EmptyState
              icon={<IconCard />}
              title={t("cashier.notBound")}
              text={t("withdraw.notBoundText")}
              testId="withdraw-not-bound"
              action={
                <Button
                  color="primary"
                  shape="rounded"
                  data-testid="withdraw-bind"
                  onClick={() => navigate(paths.withdrawAccount)}
                >
                  {t("withdraw.bindNow")}
                </Button>
              }
            />
          </div>
        ) : (
          <WithdrawForm quote={quote.data} refetch={quote.refetch} />
        )}
      </main>
    </div>
  );
}

type Field = "amount" | "payPassword";
type Errors = Partial<Record<Field, string>>;

function WithdrawForm({ quote, refetch }: { quote: WithdrawalQuote; refetch: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const currency = useSession((s) => s.appInfo?.currency);
  const [amount, setAmount] = useState("");
  const [payPassword, setPayPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const create = useCreateWithdrawal();
  const keys = useSubmissionKey();
  const account = quote.account;
  const max = maxMoney(DEFAULT_MAX_AMOUNT, quote.available);
  const figures = withdrawalFigures(amount, quote.feeFixed, quote.feeRateBps);
  const lockedUntil =
    quote.lockedUntil && new Date(quote.lockedUntil).getTime() > Date.now() ? quote.lockedUntil : null;
  // When the lock ends, ask again: the form opens by itself.
  useEffect(() => {
    if (!lockedUntil) return;
    const wait = Math.min(new Date(lockedUntil).getTime() - Date.now() + 1_000, 2 ** 31 - 1);
    const timer = setTimeout(() => {
      setLockMessage(null);
      void refetch();
    }, wait);
    return () => clearTimeout(timer);
  }, [lockedUntil, refetch]);
  const rate = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
    quote.feeRateBps / 10_000,
  );
  const money = (value: string) => formatMoney(value, locale);
  const hasFee = quote.feeRateBps > 0 || lessThanMoney("0", quote.feeFixed);

  function clear(field: Field) {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  function validate(value: string): Errors {
    const next: Errors = {};
    const f = withdrawalFigures(value, quote.feeFixed, quote.feeRateBps);
    if (value === "") next.amount = t("cashier.amountRequired");
    else if (lessThanMoney(value, quote.minAmount))
      next.amount = t("cashier.amountBelowMin", { amount: money(quote.minAmount) });
    else if (lessThanMoney(quote.available, value)) next.amount = codeText("INSUFFICIENT_BALANCE");
    else if (f && !f.coversFee) next.amount = codeText("AMOUNT_NOT_ABOVE_FEE");
    if (payPassword === "") next.payPassword = t("cashier.emptyValue");
    else if (!isPayPassword(payPassword)) next.payPassword = codeText("PAY_PASSWORD_INVALID");
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || lockedUntil) return;
    const value = cleanAmount(amount, max, { complete: true });
    setAmount(value);
    const next = validate(value);
    setErrors(next);
    // Each problem is shown under its field; a toast on top would repeat it.
    if (Object.values(next).some(Boolean)) return;
    const body = { amount: value, payPassword };
    try {
      await create.mutateAsync({ body, key: keys.keyFor(body) });
      keys.reset();
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
      navigate(paths.withdrawDetails, { replace: true });
    } catch (error) {
      const fields = fieldErrorTexts(error);
      const code = error instanceof ApiError ? error.code : "";
      const inline: Errors = {
        amount: fields.amount ?? (AMOUNT_CODES.includes(code) ? errorText(error) : undefined),
        payPassword: fields.payPassword ?? (code === "PAY_PASSWORD_WRONG" ? errorText(error) : undefined),
      };
      setErrors(inline);
      if (code === "PAY_PASSWORD_WRONG") setPayPassword("");
      if (code === "WITHDRAWALS_LOCKED") {
        // The quote carries the time the lock ends; the banner shows it.
        setLockMessage(errorText(error));
        setPayPassword("");
      } else if (!inline.amount && !inline.payPassword) {
        Toast.show({ icon: "fail", content: errorText(error) });
      }
      // A wrong password may have locked withdrawals; a balance or an account may have changed.
      if (
        [
          "PAY_PASSWORD_WRONG",
          "WITHDRAWALS_LOCKED",
          "INSUFFICIENT_BALANCE",
          "WITHDRAWAL_ACCOUNT_REQUIRED",
        ].includes(code)
      )
        void refetch();
    }
  }

  return (
    <>
      <section className="card withdraw-balance">
        <span className="withdraw-balance__label">
          {currency ? t("withdraw.availableIn", { currency }) : t("user.available")}
        </span>
        <strong className="withdraw-balance__value num" data-testid="withdraw-available">
          {money(quote.available)}
        </strong>
      </section>

      {lockedUntil || lockMessage ? (
        <div className="lock-banner" role="alert" data-testid="withdraw-locked">
          <IconClock className="lock-banner__icon" />
          <span>
            {lockedUntil
              ? t("withdraw.lockedUntil", { time: formatDateTime(lockedUntil, locale) })
              : lockMessage}
          </span>
        </div>
      ) : null}

      <form className="card cashier-card tf-form" onSubmit={submit} noValidate>
        <TextField
          label={t("withdraw.amount")}
          name="amount"
          testId="withdraw-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t("withdraw.amountPlaceholder")}
          value={amount}
          onValueChange={(v) => {
            setAmount(cleanAmount(v, max));
            clear("amount");
          }}
          onBlur={() => setAmount((v) => cleanAmount(v, max, { complete: true }))}
          suffix={
            <button
              type="button"
              className="field-action"
              data-testid="withdraw-all"
              onClick={() => {
                if (lessThanMoney("0", quote.available)) setAmount(quote.available);
                clear("amount");
              }}
            >
              {t("withdraw.all")}
            </button>
          }
          hint={t("withdraw.minimum", { amount: money(quote.minAmount) })}
          error={errors.amount}
        />

        <dl className="withdraw-figures">
          <div className="withdraw-figures__row">
            <dt>
              {t("withdraw.fee")}
              {hasFee ? <small>{t("withdraw.feeRule", { fixed: money(quote.feeFixed), rate })}</small> : null}
            </dt>
            <dd className="num" data-testid="withdraw-fee">
              {figures ? money(figures.fee) : "—"}
            </dd>
          </div>
          <div className="withdraw-figures__row withdraw-figures__row--total">
            <dt>{t("withdraw.received")}</dt>
            <dd className="num" data-testid="withdraw-received">
              {figures ? money(figures.received) : "—"}
            </dd>
          </div>
        </dl>

        <div className="withdraw-destination">
          <span className="tf-field__label">{t("withdraw.destination")}</span>
          {account ? <WithdrawalAccountCard account={account} compact /> : null}
        </div>

        <TextField
          label={t("withdraw.payPassword")}
          name="payPassword"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoComplete="off"
          testId="withdraw-pay-password"
          placeholder={t("withdraw.payPasswordPlaceholder")}
          value={payPassword}
          onValueChange={(v) => {
            setPayPassword(digits6(v));
            clear("payPassword");
          }}
          error={errors.payPassword}
        />

        <SubmitButton pending={create.isPending} disabled={lockedUntil !== null} testId="withdraw-submit">
          {t("withdraw.submit")}
        </SubmitButton>
        <p className="cashier-note">{t("withdraw.reviewNote")}</p>
      </form>
    </>
  );
}
