import {
  isUserId,
  PHONE_COUNTRIES,
  PHONE_COUNTRY_CODES,
  type PhoneCountry,
  type RegisterCheckRequest,
} from "@tickfair/contract";
import { Picker, Toast } from "antd-mobile";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useRegisterCheck } from "../../api/auth";
import { useFormFields } from "../../api/form-errors";
import { codeText } from "../../api/messages";
import { IconChevronDown } from "../../components/icons";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { StepIndicator } from "../../components/StepIndicator/StepIndicator";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";
import { paths } from "../../lib/paths";
import { useSession } from "../../store/session";
import "./register.css";
import "./auth.css";

const FIELDS = ["account", "phone", "inviteCode"] as const;
type Field = (typeof FIELDS)[number];

// libphonenumber (in the contract's phone module) is only needed here: fetched when the page opens,
// in its own chunk, so the page itself shows at once.
const loadPhone = () => import("@tickfair/contract/phone");

function regionNames(locale: string): (country: PhoneCountry) => string {
  try {
    const names = new Intl.DisplayNames([locale, "en"], { type: "region" });
    return (country) => names.of(country) ?? country;
  } catch {
    return (country) => country;
  }
}

export default function RegisterCheck() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const draft = useSession((s) => s.registerInfo);
  const setRegisterInfo = useSession((s) => s.setRegisterInfo);
  const [country, setCountry] = useState<PhoneCountry>(draft?.phoneCountry ?? "CN");
  const { values, set, bind, clear, report, fail } = useFormFields<Field>({
    account: draft?.account ?? "",
    phone: draft?.phone ?? "",
    inviteCode: params.get("code") ?? draft?.inviteCode ?? "",
  });
  const [pickerOpen, setPickerOpen] = useState(false);
  const check = useRegisterCheck();

  useEffect(() => {
    loadPhone().catch(() => undefined);
  }, []);

  const countryColumns = useMemo(() => {
    const nameOf = regionNames(i18n.language);
    return [PHONE_COUNTRIES.map((c) => ({ value: c, label: `${nameOf(c)}  ${PHONE_COUNTRY_CODES[c]}` }))];
  }, [i18n.language]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (check.isPending) return;
    const body: RegisterCheckRequest = {
      account: values.account.trim(),
      phoneCountry: country,
      phone: values.phone.replace(/[\s-]/g, ""),
      inviteCode: values.inviteCode.trim(),
    };
    const next: Partial<Record<Field, string>> = {};
    if (body.account === "") next.account = t("register.accountRequired");
    else if (!isUserId(body.account)) next.account = codeText("ACCOUNT_ID_INVALID");
    if (body.phone === "") next.phone = t("register.phoneRequired");
    else {
      let normalizePhone: typeof import("@tickfair/contract/phone")["normalizePhone"];
      try {
        ({ normalizePhone } = await loadPhone());
      } catch {
        Toast.show({ content: t("common.networkError") });
        return;
      }
      if (normalizePhone(country, body.phone) === null) next.phone = codeText("PHONE_INVALID");
    }
    if (body.inviteCode === "") next.inviteCode = t("register.codeRequired");
    if (report(next)) return;
    try {
      await check.mutateAsync(body);
      setRegisterInfo(body);
      navigate(paths.register);
    } catch (error) {
      fail(error, { fields: FIELDS });
    }
  }

  return (
    <div className="page page--white">
      <PageNavBar title={t("register.title")} backTo={paths.login} />
      <main className="page__body">
        <StepIndicator current={1} />
        <form className="tf-form" onSubmit={submit} noValidate>
          <TextField
            {...bind("account")}
            label={t("register.account")}
            testId="register-account"
            autoComplete="username"
            placeholder={t("register.accountPlaceholder")}
            maxLength={12}
            hint={t("register.accountHint")}
          />
          <TextField
            {...bind("phone")}
            label={t("register.phone")}
            type="tel"
            inputMode="tel"
            testId="register-phone"
            autoComplete="tel-national"
            placeholder={t("register.phonePlaceholder")}
            maxLength={20}
            onValueChange={(value) => set("phone", value.replace(/[^\d\s-]/g, ""))}
            prefix={
              <button
                type="button"
                className="phone-prefix"
                data-testid="register-country"
                aria-label={`${t("register.country")}: ${PHONE_COUNTRY_CODES[country]}`}
                onClick={() => setPickerOpen(true)}
              >
                <span className="num">{PHONE_COUNTRY_CODES[country]}</span>
                <IconChevronDown />
              </button>
            }
          />
          <TextField
            {...bind("inviteCode")}
            label={t("register.code")}
            testId="register-code"
            placeholder={t("register.codePlaceholder")}
            maxLength={32}
          />
          <SubmitButton pending={check.isPending} testId="register-next">
            {t("register.next")}
          </SubmitButton>
        </form>
        <p className="auth__switch">
          {t("register.haveAccount")}
          <Link to={paths.login}>{t("register.toLogin")}</Link>
        </p>
      </main>
      <Picker
        columns={countryColumns}
        visible={pickerOpen}
        value={[country]}
        title={t("register.country")}
        onClose={() => setPickerOpen(false)}
        onConfirm={(value) => {
          const picked = value[0];
          if (typeof picked === "string" && picked in PHONE_COUNTRY_CODES) {
            setCountry(picked as PhoneCountry);
            clear("phone");
          }
        }}
      />
    </div>
  );
}
