import {
  amountProblem,
  cleanAmount,
  DEFAULT_MAX_AMOUNT,
  formatMoney,
  maxMoney,
  type SavingsSummary,
} from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { amountFailure, useFieldErrors } from "../../api/form-errors";
import { codeText } from "../../api/messages";
import { type SavingsDirection, useSavingsSummary } from "../../api/savings";
import { useSavingsMove } from "../../api/savings-move";
import { AmountField } from "../../components/AmountField/AmountField";
import { MoneyPage } from "../../components/PageNavBar/PageNavBar";
import { QueryCard } from "../../components/QueryCard/QueryCard";
import { Segment, Segmented } from "../../components/Segmented/Segmented";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { confirmDialog } from "../../lib/dialogs";
import { paths } from "../../lib/paths";
import { formatCalendarDate } from "../../lib/savings-format";
import { useNavigate, useSearchParams } from "../../router";
import "./savings.css";

const FAILURE_FIELDS = amountFailure(["INSUFFICIENT_BALANCE"]);
/** Codes after which the summary is read again: a balance, the shares or today's moves have changed. */
const STALE_SUMMARY = ["INSUFFICIENT_BALANCE", "SAVINGS_DAILY_LIMIT_REACHED"];

/** A move into Yu'ebao from the available balance, or out of it back there (`?direction=in|out`). */
export default function Transfer() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const direction: SavingsDirection = params.get("direction") === "out" ? "out" : "in";
  const summary = useSavingsSummary();

  return (
    <MoneyPage
      title={direction === "in" ? t("savings.transferIn") : t("savings.transferOut")}
      backTo={paths.savings}
      records={{ to: paths.savingsRecords, label: t("savings.records") }}
    >
      <main className="page__body cashier">
        <Segmented label={t("savings.direction")}>
          {(["in", "out"] as const).map((value) => (
            <Segment
              key={value}
              active={direction === value}
              data-testid={`transfer-direction-${value}`}
              onClick={() => setParams({ direction: value }, { replace: true })}
            >
              {value === "in" ? t("savings.moveIn") : t("savings.moveOut")}
            </Segment>
          ))}
        </Segmented>
        {summary.isPending || summary.isError ? (
          <QueryCard query={summary} heading lines={4} />
        ) : (
          // A new form per direction: an amount typed for one is not meant for the other.
          <TransferForm
            key={direction}
            direction={direction}
            summary={summary.data}
            refetch={summary.refetch}
          />
        )}
      </main>
    </MoneyPage>
  );
}

function TransferForm({
  direction,
  summary,
  refetch,
}: {
  direction: SavingsDirection;
  summary: SavingsSummary;
  refetch: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const move = useSavingsMove();
  const [amount, setAmount] = useState("");
  const { errors, clear, fail, report } = useFieldErrors<"amount">();
  const money = (value: string) => formatMoney(value, locale);
  const isIn = direction === "in";
  const limits = isIn ? summary.moveIn : summary.moveOut;
  const moves = isIn ? summary.movesIn : summary.movesOut;
  const all = isIn ? summary.available : summary.total;
  // Typing may go past the balance and the maximum, so the field can say what is wrong with it.
  const max = maxMoney(maxMoney(DEFAULT_MAX_AMOUNT, all), limits.max);
  const noneLeft = moves.left <= 0;
  const when = isIn
    ? t("savings.whenIn", {
        confirmsOn: formatCalendarDate(summary.moveInNow.confirmsOn, locale),
        firstIncomeOn: formatCalendarDate(summary.moveInNow.firstIncomeOn, locale),
      })
    : t("savings.whenOut");

  function validate(value: string): string | undefined {
    const problem = amountProblem(value, { min: limits.min, max: limits.max, available: all });
    if (problem === "another") return t("cashier.amountRequired");
    if (problem === "belowMin") return t("cashier.amountBelowMin", { amount: money(limits.min) });
    if (problem === "aboveMax") return t("cashier.amountAboveMax", { amount: money(limits.max) });
    if (problem === "overBalance") return codeText("INSUFFICIENT_BALANCE");
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (move.isPending || noneLeft) return;
    const value = cleanAmount(amount, max, { complete: true });
    setAmount(value);
    if (report({ amount: validate(value) })) return;
    const confirmed = await confirmDialog({
      title: isIn
        ? t("savings.confirmIn", { amount: money(value) })
        : t("savings.confirmOut", { amount: money(value) }),
      content: when,
      confirmText: isIn ? t("savings.moveIn") : t("savings.moveOut"),
      cancelText: t("common.cancel"),
    });
    if (!confirmed) return;
    try {
      await move.mutateAsync({ direction, amount: value });
      Toast.show({ icon: "success", content: isIn ? t("savings.movedIn") : t("savings.movedOut") });
      navigate(paths.savings, { replace: true });
    } catch (error) {
      fail(error, FAILURE_FIELDS);
      if (error instanceof ApiError && STALE_SUMMARY.includes(error.code)) void refetch();
    }
  }

  return (
    <>
      <section className="card savings-hero">
        <span className="savings-hero__label">{isIn ? t("savings.available") : t("savings.total")}</span>
        <strong className="savings-hero__total num" data-testid="transfer-balance">
          {money(all)}
        </strong>
        {isIn ? null : (
          <span className="savings-hero__label">
            {t("savings.sharesSplit", {
              confirmed: money(summary.confirmed),
              pending: money(summary.pending),
            })}
          </span>
        )}
      </section>

      <form className="card cashier-card tf-form" onSubmit={submit} noValidate>
        <AmountField
          label={isIn ? t("savings.amountIn") : t("savings.amountOut")}
          name="amount"
          testId="transfer"
          placeholder={t("savings.amountPlaceholder")}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            clear("amount");
          }}
          max={max}
          all={all}
          hint={`${t("savings.limits", { min: money(limits.min), max: money(limits.max) })} · ${t(
            "savings.movesLeft",
            { left: moves.left, limit: moves.limit },
          )}`}
          error={errors.amount}
        />
        <p className="savings-box" data-testid="transfer-when">
          {when}
        </p>
        {noneLeft ? (
          <p className="warn-note" role="alert" data-testid="transfer-none-left">
            {codeText("SAVINGS_DAILY_LIMIT_REACHED")}
          </p>
        ) : null}
        <SubmitButton pending={move.isPending} disabled={noneLeft} testId="transfer-submit">
          {isIn ? t("savings.moveIn") : t("savings.moveOut")}
        </SubmitButton>
      </form>
    </>
  );
}
