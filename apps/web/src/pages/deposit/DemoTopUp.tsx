import { cleanAmount, DEMO_TOP_UP_MAX, formatMoney, isPositiveAmount } from "@tickfair/contract";
import { Button, Skeleton, Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDemoTopUp } from "../../api/cashier";
import { amountFailure, useFieldErrors } from "../../api/form-errors";
import { useMe } from "../../api/me";
import { AmountField } from "../../components/AmountField/AmountField";
import { IconGift } from "../../components/icons";
import { isLimitRefusal, showLimitRefusal } from "../../components/LimitRefusal/limit-refusal";
import { useNavigate } from "../../router";

/** The codes of a deposit's amount that the amount field shows under itself. */
const DEMO_QUICK = ["1000", "10000", "100000"];
const FAILURE_FIELDS = amountFailure();

/** Demo mode only: virtual money credited at once (clearly labelled as such). */
export function DemoTopUp() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const me = useMe();
  const available = me.data?.summary.available;
  const [amount, setAmount] = useState("10000");
  const { errors, setErrors, clear, fail } = useFieldErrors<"amount">();
  const topUp = useDemoTopUp();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (topUp.isPending) return;
    const value = cleanAmount(amount, DEMO_TOP_UP_MAX, { complete: true });
    setAmount(value);
    if (!isPositiveAmount(value)) {
      setErrors({ amount: t("cashier.amountRequired") });
      return;
    }
    setErrors({});
    try {
      await topUp.mutateAsync({ amount: value });
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
    } catch (error) {
      if (isLimitRefusal(error)) return void showLimitRefusal(error, t, navigate);
      fail(error, FAILURE_FIELDS);
    }
  }

  return (
    <section className="demo-card card" data-testid="deposit-demo" aria-labelledby="demo-title">
      <div className="tile-row">
        <span className="icon-tile demo-card__icon">
          <IconGift />
        </span>
        <span className="demo-card__titles">
          <span className="demo-card__badge">{t("deposit.demoBadge")}</span>
          <h2 id="demo-title" className="demo-card__title">
            {t("deposit.demoTitle")}
          </h2>
        </span>
      </div>
      <p className="demo-card__text">{t("deposit.demoText")}</p>
      <div className="demo-card__balance">
        <span>{t("user.available")}</span>
        {available === undefined ? (
          <Skeleton animated className="demo-card__skeleton" />
        ) : (
          <strong className="num" data-testid="deposit-available">
            {formatMoney(available, locale)}
          </strong>
        )}
      </div>
      <form className="demo-card__form" onSubmit={submit} noValidate>
        <AmountField
          label={t("deposit.demoAmount")}
          name="demoAmount"
          testId="deposit-demo"
          placeholder={t("deposit.amountPlaceholder")}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            clear("amount");
          }}
          max={DEMO_TOP_UP_MAX}
          quick={DEMO_QUICK}
          error={errors.amount}
        />
        <Button
          type="submit"
          color="primary"
          fill="outline"
          block
          className="demo-card__submit"
          loading={topUp.isPending}
          disabled={topUp.isPending}
          data-testid="deposit-demo-submit"
        >
          {t("deposit.demoSubmit")}
        </Button>
      </form>
    </section>
  );
}
