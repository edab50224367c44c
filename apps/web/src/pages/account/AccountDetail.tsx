import type { BindWithdrawalAccountRequest } from "@tickfair/contract";
import { CRYPTO_NETWORKS, withdrawalAccountStepUp } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBindWithdrawalAccount, useWithdrawalAccount } from "../../api/cashier";
import { ApiError } from "../../api/errors";
import { hasFieldErrors, useFieldErrors } from "../../api/form-errors";
import { codeText } from "../../api/messages";
import { queryClient, queryKeys } from "../../api/query-client";
import { Chip } from "../../components/Chip/Chip";
import { type DetailRow, DetailRows } from "../../components/DetailRows/DetailRows";
import { LockedNote } from "../../components/LockedNote/LockedNote";
import { NationalityField } from "../../components/NationalityField/NationalityField";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { awaitingData, QueryCard } from "../../components/QueryCard/QueryCard";
import { Segment, Segmented } from "../../components/Segmented/Segmented";
import { stepUpHeaders } from "../../components/StepUp/step-up-api";
import { useStepUp } from "../../components/StepUp/useStepUp";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";
import { WithdrawalAccountCard } from "../../components/WithdrawalAccountCard/WithdrawalAccountCard";
import { cardNumberDigits, groupCardNumber } from "../../lib/card-number";
import { nationalityName } from "../../lib/countries";
import { confirmDialog } from "../../lib/dialogs";
import { paths } from "../../lib/paths";
import {
  bankCardProblems,
  cryptoAddressProblems,
  REQUIRED_TEXT,
  type WithdrawalAccountProblem,
} from "../../lib/withdrawal-account-check";
import { useNavigate, useSearchParams } from "../../router";
import "./account.css";

type Kind = "bank" | "crypto";
type BankField = "accountName" | "nationality" | "bankName" | "cardNumber" | "bankAddress";
type CryptoField = "network" | "address";
type Field = BankField | CryptoField;

const BANK_FIELDS: readonly BankField[] = [
  "accountName",
  "nationality",
  "bankName",
  "cardNumber",
  "bankAddress",
];
const CRYPTO_FIELDS: readonly CryptoField[] = ["network", "address"];

/** Which field a top-level error code belongs to, when the server names no field. */
const FIELD_OF_CODE: Record<string, Field> = {
  ACCOUNT_NAME_INVALID: "accountName",
  NATIONALITY_INVALID: "nationality",
  BANK_NAME_INVALID: "bankName",
  CARD_NUMBER_INVALID: "cardNumber",
  BANK_ADDRESS_INVALID: "bankAddress",
  NETWORK_INVALID: "network",
  CRYPTO_ADDRESS_INVALID: "address",
};

/** `?type=bank|crypto`: the bind form; once an account is bound, that account, read-only. */
export default function AccountDetail() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get("type") === "crypto" ? "crypto" : "bank";
  const query = useWithdrawalAccount();
  const account = query.data?.account;

  return (
    <div className="page">
      <PageNavBar
        title={
          account ? t("account.title") : kind === "bank" ? t("account.bindBank") : t("account.bindCrypto")
        }
        backTo={paths.withdrawAccount}
      />
      <main className="page__body cashier">
        {awaitingData(query) ? (
          <QueryCard query={query} lines={5} />
        ) : account ? (
          <>
            <section className="card cashier-card" data-testid="account-readonly">
              <WithdrawalAccountCard account={account} />
            </section>
            <LockedNote />
          </>
        ) : (
          <>
            <Segmented label={t("account.chooseType")}>
              {(["bank", "crypto"] as const).map((k) => (
                <Segment
                  key={k}
                  active={kind === k}
                  data-testid={`account-type-${k}`}
                  onClick={() => setParams({ type: k }, { replace: true })}
                >
                  {k === "bank" ? t("account.typeBank") : t("account.typeCrypto")}
                </Segment>
              ))}
            </Segmented>
            <BindForm key={kind} kind={kind} />
          </>
        )}
      </main>
    </div>
  );
}

function BindForm({ kind }: { kind: Kind }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const bind = useBindWithdrawalAccount();
  const { confirm: confirmStepUp, sheet: stepUpSheet } = useStepUp();
  const fields = kind === "bank" ? BANK_FIELDS : CRYPTO_FIELDS;
  const [values, setValues] = useState<Record<Field, string>>({
    accountName: "",
    nationality: "",
    bankName: "",
    cardNumber: "",
    bankAddress: "",
    network: CRYPTO_NETWORKS[0],
    address: "",
  });
  const { errors, setErrors, clear, fail } = useFieldErrors<Field>();

  function set(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field);
  }

  function body(): BindWithdrawalAccountRequest {
    const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x.trim()])) as Record<
      Field,
      string
    >;
    return kind === "bank"
      ? {
          type: "bank",
          accountName: v.accountName,
          nationality: v.nationality,
          bankName: v.bankName,
          cardNumber: v.cardNumber,
          bankAddress: v.bankAddress,
        }
      : { type: "crypto", network: v.network, address: v.address };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (bind.isPending) return;
    const problems: Partial<Record<Field, WithdrawalAccountProblem>> =
      kind === "bank" ? bankCardProblems(values) : cryptoAddressProblems(values);
    const next: Partial<Record<Field, string>> = {};
    for (const [field, problem] of Object.entries(problems) as [Field, WithdrawalAccountProblem][])
      next[field] = problem === "EMPTY" ? t(REQUIRED_TEXT[field]) : codeText(problem);
    setErrors(next);
    if (hasFieldErrors(next)) return;
    const request = body();
    const confirmed = await confirmDialog({
      title: t("account.confirmTitle"),
      content: <BindConfirmDetails request={request} locale={i18n.language} />,
      confirmText: t("account.confirmBind"),
      cancelText: t("common.cancel"),
    });
    if (!confirmed) return;
    try {
      const stepUp = await confirmStepUp(withdrawalAccountStepUp(request));
      if (stepUp === null) return;
      await bind.mutateAsync({ body: request, headers: stepUpHeaders(stepUp) });
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
      navigate(paths.withdrawAccount, { replace: true });
    } catch (error) {
      fail(error, { fields, codes: FIELD_OF_CODE });
      if (error instanceof ApiError && error.code === "WITHDRAWAL_ACCOUNT_LOCKED") {
        // Bound meanwhile (another device): show that account.
        await queryClient.invalidateQueries({ queryKey: queryKeys.withdrawalAccount });
      }
    }
  }

  const field = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      key={name}
      label={label}
      name={name}
      testId={`account-${name}`}
      autoComplete="off"
      value={values[name]}
      onValueChange={(v) => set(name, v)}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <>
      <form className="card cashier-card tf-form" onSubmit={submit} noValidate>
        {kind === "bank" ? (
          <>
            {field("accountName", t("account.accountName"), {
              placeholder: t("account.accountNamePlaceholder"),
              maxLength: 60,
              autoComplete: "name",
            })}
            <NationalityField
              label={t("account.nationality")}
              value={values.nationality}
              onChange={(code) => set("nationality", code)}
              error={errors.nationality}
            />
            {field("bankName", t("account.bankName"), {
              placeholder: t("account.bankNamePlaceholder"),
              maxLength: 80,
            })}
            {field("cardNumber", t("account.cardNumber"), {
              placeholder: t("account.cardNumberPlaceholder"),
              // No maxLength: it would cut a number pasted with spaces short; the cleaner caps the digits.
              inputMode: "numeric",
              onValueChange: (v) => set("cardNumber", cardNumberDigits(v)),
            })}
            {field("bankAddress", t("account.bankAddress"), {
              placeholder: t("account.bankAddressPlaceholder"),
              maxLength: 160,
            })}
          </>
        ) : (
          <>
            <div className={`tf-field${errors.network ? " tf-field--error" : ""}`}>
              <span className="tf-field__label" id="account-network-label">
                {t("account.network")}
              </span>
              <div className="chips">
                {CRYPTO_NETWORKS.map((network) => (
                  <Chip
                    key={network}
                    active={values.network === network}
                    aria-pressed={values.network === network}
                    data-testid={`account-network-${network}`}
                    onClick={() => set("network", network)}
                  >
                    {network}
                  </Chip>
                ))}
              </div>
              {errors.network ? (
                <div className="tf-field__error" role="alert" data-testid="account-network-error">
                  {errors.network}
                </div>
              ) : null}
            </div>
            {field("address", t("account.address"), {
              placeholder: t("account.addressPlaceholder"),
              maxLength: 120,
              hint: t("account.addressHint"),
            })}
          </>
        )}
        <p className="warn-note">{t("account.bindWarning")}</p>
        <SubmitButton pending={bind.isPending} testId="account-submit">
          {t("account.submit")}
        </SubmitButton>
      </form>
      {stepUpSheet}
    </>
  );
}

/**
 * The "cannot be changed" confirmation repeats every detail as it will be bound (the card number in
 * fours), so that the user checks them once more before the account is locked.
 */
function BindConfirmDetails({ request, locale }: { request: BindWithdrawalAccountRequest; locale: string }) {
  const { t } = useTranslation();
  const rows: DetailRow[] =
    request.type === "bank"
      ? [
          { label: t("account.type"), value: t("account.typeBank"), testId: "account-confirm-type" },
          {
            label: t("account.accountName"),
            value: request.accountName,
            testId: "account-confirm-accountName",
          },
          {
            label: t("account.nationality"),
            value: nationalityName(request.nationality, locale),
            testId: "account-confirm-nationality",
          },
          { label: t("account.bankName"), value: request.bankName, testId: "account-confirm-bankName" },
          {
            label: t("account.cardNumber"),
            value: groupCardNumber(request.cardNumber),
            className: "num bind-confirm__number",
            testId: "account-confirm-cardNumber",
          },
          {
            label: t("account.bankAddress"),
            value: request.bankAddress,
            testId: "account-confirm-bankAddress",
          },
        ]
      : [
          { label: t("account.type"), value: t("account.typeCrypto"), testId: "account-confirm-type" },
          { label: t("account.network"), value: request.network, testId: "account-confirm-network" },
          {
            label: t("account.address"),
            value: request.address,
            className: "num bind-confirm__number",
            testId: "account-confirm-address",
          },
        ];
  return (
    <div className="bind-confirm" data-testid="account-confirm">
      <DetailRows className="bind-confirm__rows" rows={rows} />
      <p className="bind-confirm__warning">{t("account.confirmText")}</p>
    </div>
  );
}
