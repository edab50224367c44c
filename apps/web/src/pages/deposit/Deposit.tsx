import {
  cleanAmount,
  DEMO_TOP_UP_MAX,
  type DepositMethod,
  formatMoney,
  lessThanMoney,
} from "@tickfair/contract";
import { Button, Skeleton, Toast } from "antd-mobile";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useCreateDeposit, useDemoTopUp, useDepositMethods, useSubmissionKey } from "../../api/cashier";
import { ApiError } from "../../api/errors";
import { useMe } from "../../api/me";
import { errorText, fieldErrorTexts } from "../../api/messages";
import { CopyButton } from "../../components/CopyButton";
import { EmptyState } from "../../components/EmptyState";
import { IconBank, IconCheck, IconCoin, IconGift } from "../../components/icons";
import { LoadError } from "../../components/LoadError";
import { PageNavBar } from "../../components/PageNavBar";
import { SubmitButton } from "../../components/SubmitButton";
import { TextField } from "../../components/TextField";
import { paths } from "../../lib/paths";
import { useSession } from "../../store/session";
import { ProofPicker, useProofUpload } from "./ProofPicker";
import "../../styles/cashier.css";
import "./deposit.css";

// The QR code library is fetched only when a currency address is on screen.
const AddressQr = lazy(() => import("./AddressQr").then((m) => ({ default: m.AddressQr })));

const QUICK_AMOUNTS = ["100", "500", "1000", "5000", "10000", "50000"];
const DEMO_QUICK = ["1000", "10000", "100000"];
const AMOUNT_CODES = ["AMOUNT_INVALID", "AMOUNT_BELOW_MINIMUM", "AMOUNT_ABOVE_MAXIMUM"];

export default function Deposit() {
  const { t } = useTranslation();
  const demoMode = useSession((s) => s.appInfo?.demoMode ?? false);
  const methods = useDepositMethods();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = methods.data?.items.filter((m) => m.active) ?? [];
  const method = list.find((m) => m.id === chosen) ?? list[0];

  return (
    <div className="page">
      <PageNavBar
        title={t("deposit.title")}
        backTo={paths.user}
        right={
          <Link to={paths.depositDetails} className="navbar-link" data-testid="deposit-records">
            {t("deposit.records")}
          </Link>
        }
      />
      <main className="page__body cashier">
        {demoMode ? <DemoTopUp /> : null}

        <h2 className="cashier__heading">{t("deposit.method")}</h2>
        {methods.isPending ? (
          <div className="card cashier-card">
            <Skeleton.Paragraph lineCount={3} animated />
          </div>
        ) : methods.isError ? (
          <div className="card cashier-card">
            <LoadError error={methods.error} onRetry={() => void methods.refetch()} />
          </div>
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
    </div>
  );
}

function MethodOption({
  method,
  selected,
  onSelect,
}: {
  method: DepositMethod;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation();
  const Icon = method.kind === "bank" ? IconBank : IconCoin;
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={`method-option card${selected ? " method-option--selected" : ""}`}
      data-testid={`deposit-method-${method.kind}`}
      data-method-id={method.id}
      onClick={onSelect}
    >
      <span className={`method-option__icon method-option__icon--${method.kind}`}>
        <Icon />
      </span>
      <span className="method-option__text">
        <strong>{method.name}</strong>
        <small>
          {method.kind === "bank"
            ? t("deposit.kindBank")
            : t("deposit.kindCrypto", { network: method.network ?? "" })}
        </small>
        <small className="num">
          {t("deposit.limits", {
            min: formatMoney(method.minAmount, i18n.language),
            max: formatMoney(method.maxAmount, i18n.language),
          })}
        </small>
      </span>
      <span className="method-option__check" aria-hidden="true">
        {selected ? <IconCheck /> : null}
      </span>
    </button>
  );
}

function DetailRow({
  label,
  value,
  copy,
  testId,
}: {
  label: string;
  value: string;
  copy?: boolean;
  testId: string;
}) {
  return (
    <div className="detail-row">
      <span className="detail-row__text">
        <span className="detail-row__label">{label}</span>
        <span className="detail-row__value" data-testid={testId}>
          {value}
        </span>
      </span>
      {copy ? <CopyButton text={value} label={label} testId={`${testId}-copy`} /> : null}
    </div>
  );
}

/** Where to send the money: bank transfer details, or a currency address with its QR code. */
function PaymentDetails({ method }: { method: DepositMethod }) {
  const { t } = useTranslation();
  return (
    <section className="card cashier-card pay-to" data-testid="deposit-pay-to">
      <h3 className="cashier-card__title">{t("deposit.payTo")}</h3>
      {method.kind === "bank" ? (
        <>
          {method.bankName ? (
            <DetailRow
              label={t("deposit.bankName")}
              value={method.bankName}
              copy
              testId="deposit-bank-name"
            />
          ) : null}
          {method.accountName ? (
            <DetailRow
              label={t("deposit.accountName")}
              value={method.accountName}
              copy
              testId="deposit-account-name"
            />
          ) : null}
          {method.accountNumber ? (
            <DetailRow
              label={t("deposit.accountNumber")}
              value={method.accountNumber}
              copy
              testId="deposit-account-number"
            />
          ) : null}
        </>
      ) : (
        <>
          {method.network ? (
            <DetailRow label={t("deposit.network")} value={method.network} testId="deposit-network" />
          ) : null}
          {method.address ? (
            <>
              <DetailRow label={t("deposit.address")} value={method.address} copy testId="deposit-address" />
              <Suspense fallback={<div className="address-qr address-qr--loading" />}>
                <AddressQr address={method.address} />
              </Suspense>
            </>
          ) : null}
        </>
      )}
      {method.instructions ? <p className="pay-to__instructions">{method.instructions}</p> : null}
    </section>
  );
}

type Field = "amount" | "reference" | "proof";
type Errors = Partial<Record<Field, string>>;

function DepositForm({ method, onUnavailable }: { method: DepositMethod; onUnavailable: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;
  const currency = useSession((s) => s.appInfo?.currency);
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const proof = useProofUpload();
  const create = useCreateDeposit();
  const keys = useSubmissionKey();
  const min = method.minAmount;
  const quick = QUICK_AMOUNTS.filter((a) => !lessThanMoney(a, min) && !lessThanMoney(method.maxAmount, a));
  const limits = t("deposit.limits", {
    min: formatMoney(min, locale),
    max: formatMoney(method.maxAmount, locale),
  });

  function clear(field: Field) {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  function validate(value: string): Errors {
    const next: Errors = {};
    if (value === "") next.amount = t("cashier.amountRequired");
    else if (lessThanMoney(value, min))
      next.amount = t("cashier.amountBelowMin", { amount: formatMoney(min, locale) });
    else if (lessThanMoney(method.maxAmount, value))
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
    // Each problem is shown under its field; a toast on top would repeat it.
    if (Object.values(next).some(Boolean)) return;
    const body = {
      methodId: method.id,
      amount: value,
      reference: reference.trim(),
      proofFileId: proof.state.status === "done" ? proof.state.fileId : null,
    };
    try {
      await create.mutateAsync({ body, key: keys.keyFor(body) });
      keys.reset();
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
      navigate(paths.depositDetails, { replace: true });
    } catch (error) {
      const fields = fieldErrorTexts(error);
      const code = error instanceof ApiError ? error.code : "";
      const inline: Errors = {
        amount: fields.amount ?? (AMOUNT_CODES.includes(code) ? errorText(error) : undefined),
        reference: fields.reference ?? (code === "REFERENCE_REQUIRED" ? errorText(error) : undefined),
        proof: fields.proofFileId ?? (code === "FILE_INVALID" ? errorText(error) : undefined),
      };
      setErrors(inline);
      if (!Object.values(inline).some(Boolean)) Toast.show({ icon: "fail", content: errorText(error) });
      if (code === "DEPOSIT_METHOD_UNAVAILABLE") onUnavailable();
    }
  }

  return (
    <form className="card cashier-card tf-form" onSubmit={submit} noValidate>
      <TextField
        label={currency ? t("deposit.amountIn", { currency }) : t("deposit.amount")}
        name="amount"
        testId="deposit-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t("deposit.amountPlaceholder")}
        value={amount}
        onValueChange={(v) => {
          setAmount(cleanAmount(v, method.maxAmount));
          clear("amount");
        }}
        onBlur={() => setAmount((v) => cleanAmount(v, method.maxAmount, { complete: true }))}
        hint={limits}
        error={errors.amount}
      />
      {quick.length > 0 ? (
        <div className="quick-amounts">
          {quick.map((a) => (
            <button
              type="button"
              key={a}
              className={`quick-amount num${amount === a ? " quick-amount--active" : ""}`}
              aria-pressed={amount === a}
              data-testid={`deposit-quick-${a}`}
              onClick={() => {
                setAmount(a);
                clear("amount");
              }}
            >
              {formatMoney(a, locale).replace(/[.,]00$/, "")}
            </button>
          ))}
        </div>
      ) : null}
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

/** Demo mode only: virtual money credited at once (clearly labelled as such). */
function DemoTopUp() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const me = useMe();
  const available = me.data?.summary.available;
  const [amount, setAmount] = useState("10000");
  const [error, setError] = useState<string>();
  const topUp = useDemoTopUp();
  const keys = useSubmissionKey();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (topUp.isPending) return;
    const value = cleanAmount(amount, DEMO_TOP_UP_MAX, { complete: true });
    setAmount(value);
    if (value === "") {
      setError(t("cashier.amountRequired"));
      return;
    }
    setError(undefined);
    const body = { amount: value };
    try {
      await topUp.mutateAsync({ body, key: keys.keyFor(body) });
      keys.reset();
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
    } catch (err) {
      const fields = fieldErrorTexts(err);
      const code = err instanceof ApiError ? err.code : "";
      const inline = fields.amount ?? (AMOUNT_CODES.includes(code) ? errorText(err) : undefined);
      if (inline) setError(inline);
      else Toast.show({ icon: "fail", content: errorText(err) });
    }
  }

  return (
    <section className="demo-card card" data-testid="deposit-demo" aria-labelledby="demo-title">
      <div className="demo-card__head">
        <span className="demo-card__icon">
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
        <TextField
          label={t("deposit.demoAmount")}
          name="demoAmount"
          testId="deposit-demo-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t("deposit.amountPlaceholder")}
          value={amount}
          onValueChange={(v) => {
            setAmount(cleanAmount(v, DEMO_TOP_UP_MAX));
            setError(undefined);
          }}
          onBlur={() => setAmount((v) => cleanAmount(v, DEMO_TOP_UP_MAX, { complete: true }))}
          error={error}
        />
        <div className="quick-amounts quick-amounts--demo">
          {DEMO_QUICK.map((a) => (
            <button
              type="button"
              key={a}
              className={`quick-amount num${amount === a ? " quick-amount--active" : ""}`}
              aria-pressed={amount === a}
              onClick={() => {
                setAmount(a);
                setError(undefined);
              }}
            >
              {formatMoney(a, locale).replace(/[.,]00$/, "")}
            </button>
          ))}
        </div>
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
