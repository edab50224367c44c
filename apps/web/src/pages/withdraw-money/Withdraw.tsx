import {
  amountProblem,
  cleanAmount,
  DEFAULT_MAX_AMOUNT,
  formatMoney,
  lessThanMoney,
  maxMoney,
  type WithdrawalQuote,
  withdrawalStepUp,
} from "@tickfair/contract";
import { Button, Toast } from "antd-mobile";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateWithdrawal, useWithdrawalQuote } from "../../api/cashier";
import { ApiError } from "../../api/errors";
import { amountFailure, hasFieldErrors, useFieldErrors } from "../../api/form-errors";
import { codeText, errorText } from "../../api/messages";
import { AmountField } from "../../components/AmountField/AmountField";
import { IconClock } from "../../components/icons";
import { LockBanner } from "../../components/LockBanner/LockBanner";
import { MoneyPage } from "../../components/PageNavBar/PageNavBar";
import { PayoutTimes } from "../../components/PayoutTimes/PayoutTimes";
import { QueryCard } from "../../components/QueryCard/QueryCard";
import { stepUpHeaders } from "../../components/StepUp/step-up-api";
import { useStepUp } from "../../components/StepUp/useStepUp";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { NoWithdrawalAccount } from "../../components/WithdrawalAccountCard/NoWithdrawalAccount";
import { WithdrawalAccountCard } from "../../components/WithdrawalAccountCard/WithdrawalAccountCard";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import { withdrawalFigures } from "../../lib/withdrawal-fee";
import { useNavigate } from "../../router";
import { useSession } from "../../store/session";
import "./withdraw.css";

const FAILURE_FIELDS = amountFailure(["AMOUNT_NOT_ABOVE_FEE", "INSUFFICIENT_BALANCE"]);
/** Codes after which the quote is read again: a balance or an account may have changed. */
const STALE_QUOTE = ["WITHDRAWALS_LOCKED", "INSUFFICIENT_BALANCE", "WITHDRAWAL_ACCOUNT_REQUIRED"];

export default function Withdraw() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const quote = useWithdrawalQuote();

  return (
    <MoneyPage
      title={t("withdraw.title")}
      records={{ to: paths.withdrawDetails, label: t("withdraw.records"), testId: "withdraw-records" }}
    >
      <main className="page__body cashier">
        {quote.isPending ? (
          <>
            <QueryCard query={quote} heading lines={2} />
            <QueryCard query={quote} lines={5} />
          </>
        ) : quote.isError ? (
          <QueryCard query={quote} lines={0} />
        ) : !quote.data.account ? (
          <NoWithdrawalAccount
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
        ) : (
          <WithdrawForm quote={quote.data} refetch={quote.refetch} />
        )}
        <PayoutTimes pledge />
      </main>
    </MoneyPage>
  );
}

type Field = (typeof FAILURE_FIELDS.fields)[number];

function WithdrawForm({ quote, refetch }: { quote: WithdrawalQuote; refetch: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const currency = useSession((s) => s.appInfo?.currency);
  const [amount, setAmount] = useState("");
  const { errors, setErrors, clear, fail } = useFieldErrors<Field>();
  const stepUp = useStepUp();
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const create = useCreateWithdrawal();
  const account = quote.account;
  const max = maxMoney(DEFAULT_MAX_AMOUNT, quote.available);
  const bounds = { min: quote.minAmount, available: quote.available };
  // The fee and what arrives are shown only for an amount that could be sent: not beside a refusal.
  const typed = withdrawalFigures(amount, quote.feeFixed, quote.feeRateBps);
  const figures = amountProblem(amount, bounds) === null && typed?.coversFee ? typed : null;
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

  function validate(value: string) {
    const next: Partial<Record<Field, string>> = {};
    const f = withdrawalFigures(value, quote.feeFixed, quote.feeRateBps);
    const problem = amountProblem(value, bounds);
    if (problem === "another") next.amount = t("cashier.amountRequired");
    else if (problem === "belowMin")
      next.amount = t("cashier.amountBelowMin", { amount: money(quote.minAmount) });
    else if (problem === "overBalance") next.amount = codeText("INSUFFICIENT_BALANCE");
    else if (f && !f.coversFee) next.amount = codeText("AMOUNT_NOT_ABOVE_FEE");
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || lockedUntil) return;
    const value = cleanAmount(amount, max, { complete: true });
    setAmount(value);
    const next = validate(value);
    setErrors(next);
    if (hasFieldErrors(next)) return;
    try {
      const body = { amount: value };
      // The transaction password is asked in the step-up's sheet, for this amount only.
      const token = await stepUp.confirm(withdrawalStepUp(body));
      if (token === null) {
        // Closed, perhaps after too many wrong passwords: the quote says whether withdrawals are locked.
        void refetch();
        return;
      }
      await create.mutateAsync({ body, headers: stepUpHeaders(token) });
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
      navigate(paths.withdrawDetails, { replace: true });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "";
      // The quote carries the time a lock ends; the banner shows it rather than a toast.
      fail(error, FAILURE_FIELDS, code === "WITHDRAWALS_LOCKED" ? null : errorText(error));
      if (code === "WITHDRAWALS_LOCKED") setLockMessage(errorText(error));
      if (STALE_QUOTE.includes(code)) void refetch();
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
        <LockBanner icon={<IconClock className="lock-banner__icon" />} testId="withdraw-locked">
          {lockedUntil
            ? t("withdraw.lockedUntil", { time: formatDateTime(lockedUntil, locale) })
            : lockMessage}
        </LockBanner>
      ) : null}

      <form className="card cashier-card tf-form" onSubmit={submit} noValidate>
        <AmountField
          label={t("withdraw.amount")}
          name="amount"
          testId="withdraw"
          placeholder={t("withdraw.amountPlaceholder")}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            clear("amount");
          }}
          max={max}
          all={quote.available}
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

        <SubmitButton pending={create.isPending} disabled={lockedUntil !== null} testId="withdraw-submit">
          {t("withdraw.submit")}
        </SubmitButton>
        <p className="cashier-note">{t("withdraw.reviewNote")}</p>
      </form>
      {stepUp.sheet}
    </>
  );
}
