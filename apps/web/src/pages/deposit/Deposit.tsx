import {
  amountProblem,
  cleanAmount,
  type DepositMethod,
  formatMoney,
  lessThanMoney,
} from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateDeposit, useDepositMethods } from "../../api/cashier";
import { ApiError } from "../../api/errors";
import { AMOUNT_CODES, codesOf, hasFieldErrors, useFieldErrors } from "../../api/form-errors";
import { AmountField } from "../../components/AmountField/AmountField";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { isLimitRefusal, showLimitRefusal } from "../../components/LimitRefusal/limit-refusal";
import { MoneyPage } from "../../components/PageNavBar/PageNavBar";
import { awaitingData, QueryCard } from "../../components/QueryCard/QueryCard";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";
import { paths } from "../../lib/paths";
import { useNavigate } from "../../router";
import { useSession } from "../../store/session";
import { DemoTopUp } from "./DemoTopUp";
import { MethodOption } from "./MethodOption";
import { PaymentDetails } from "./PaymentDetails";
import { ProofPicker, useProofUpload } from "./ProofPicker";
import "./deposit.css";

const QUICK_AMOUNTS = ["100", "500", "1000", "5000", "10000", "50000"];
const FAILURE_FIELDS = {
  fields: ["amount", "reference", "proof"],
  names: { proof: "proofFileId" },
  codes: { ...codesOf("amount", AMOUNT_CODES), REFERENCE_REQUIRED: "reference", FILE_INVALID: "proof" },
} as const;

export default function Deposit() {
  const { t } = useTranslation();
  const demoMode = useSession((s) => s.appInfo?.demoMode ?? false);
  const methods = useDepositMethods();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = methods.data?.items.filter((m) => m.active) ?? [];
  const method = list.find((m) => m.id === chosen) ?? list[0];

  return (
    <MoneyPage
      title={t("deposit.title")}
      records={{ to: paths.depositDetails, label: t("deposit.records"), testId: "deposit-records" }}
    >
      <main className="page__body cashier">
        {demoMode ? <DemoTopUp /> : null}

        <h2 className="cashier__heading">{t("deposit.method")}</h2>
        {awaitingData(methods) ? (
          <QueryCard query={methods} lines={3} />
        ) : list.length === 0 || !method ? (
          <div className="card">
            <EmptyState
              title={t("deposit.noMethods")}
              text={t("deposit.noMethodsText")}
              testId="deposit-no-methods"
            />
          </div>
        ) : (
          <>
            <div className="method-list">
              {list.map((m) => (
                <MethodOption
                  key={m.id}
                  method={m}
                  selected={m.id === method.id}
                  onSelect={() => setChosen(m.id)}
                />
              ))}
            </div>
            <PaymentDetails method={method} />
            <DepositForm key={method.id} method={method} onUnavailable={() => void methods.refetch()} />
          </>
        )}
      </main>
    </MoneyPage>
  );
}

type Field = (typeof FAILURE_FIELDS.fields)[number];

function DepositForm({ method, onUnavailable }: { method: DepositMethod; onUnavailable: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;
  const currency = useSession((s) => s.appInfo?.currency);
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const { errors, setErrors, clear, fail } = useFieldErrors<Field>();
  const proof = useProofUpload();
  const create = useCreateDeposit();
  const min = method.minAmount;
  const limits = t("deposit.limits", {
    min: formatMoney(min, locale),
    max: formatMoney(method.maxAmount, locale),
  });

  function validate(value: string) {
    const next: Partial<Record<Field, string>> = {};
    const problem = amountProblem(value, { min, max: method.maxAmount });
    if (problem === "another") next.amount = t("cashier.amountRequired");
    else if (problem === "belowMin")
      next.amount = t("cashier.amountBelowMin", { amount: formatMoney(min, locale) });
    else if (problem === "aboveMax")
      next.amount = t("cashier.amountAboveMax", { amount: formatMoney(method.maxAmount, locale) });
    if (reference.trim() === "") next.reference = t("deposit.referenceRequired");
    if (proof.state.status === "failed") next.proof = proof.state.error;
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || proof.state.status === "uploading") return;
    const value = cleanAmount(amount, method.maxAmount, { complete: true });
    setAmount(value);
    const next = validate(value);
    setErrors(next);
    if (hasFieldErrors(next)) return;
    try {
      await create.mutateAsync({
        methodId: method.id,
        amount: value,
        reference: reference.trim(),
        proofFileId: proof.state.status === "done" ? proof.state.fileId : null,
      });
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
      navigate(paths.depositDetails, { replace: true });
    } catch (error) {
      if (isLimitRefusal(error)) return void showLimitRefusal(error, t, navigate);
      fail(error, FAILURE_FIELDS);
      if (error instanceof ApiError && error.code === "DEPOSIT_METHOD_UNAVAILABLE") onUnavailable();
    }
  }

  return (
    <form className="card cashier-card tf-form" onSubmit={submit} noValidate>
      <AmountField
        label={currency ? t("deposit.amountIn", { currency }) : t("deposit.amount")}
        name="amount"
        testId="deposit"
        placeholder={t("deposit.amountPlaceholder")}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          clear("amount");
        }}
        max={method.maxAmount}
        quick={QUICK_AMOUNTS.filter((a) => !lessThanMoney(a, min))}
        hint={limits}
        error={errors.amount}
      />
      <TextField
        label={t("deposit.reference")}
        name="reference"
        testId="deposit-reference"
        autoComplete="off"
        maxLength={100}
        placeholder={t("deposit.referencePlaceholder")}
        value={reference}
        onValueChange={(v) => {
          setReference(v);
          clear("reference");
        }}
        hint={t("deposit.referenceHint")}
        error={errors.reference}
      />
      <ProofPicker
        state={proof.state}
        onPick={(file) => {
          clear("proof");
          proof.upload(file);
        }}
        onRemove={() => {
          clear("proof");
          proof.remove();
        }}
        error={errors.proof}
      />
      <SubmitButton
        pending={create.isPending}
        disabled={proof.state.status === "uploading"}
        testId="deposit-submit"
      >
        {t("deposit.submit")}
      </SubmitButton>
      <p className="cashier-note">{t("deposit.reviewNote")}</p>
    </form>
  );
}
