import { useQueryClient } from "@tanstack/react-query";
import {
  isCountryCode,
  isUserId,
  PHONE_COUNTRIES,
  PHONE_COUNTRY_CODES,
  type PhoneCountry,
  type RegisterCheckRequest,
} from "@tickfair/contract";
import { Picker, Toast } from "antd-mobile";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRegisterCheck } from "../../api/auth";
import { ApiError } from "../../api/errors";
import { useFormFields } from "../../api/form-errors";
import { codeText } from "../../api/messages";
import { queryKeys } from "../../api/query-client";
import { IconChevronDown } from "../../components/icons";
import { NationalityField } from "../../components/NationalityField/NationalityField";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { StepIndicator } from "../../components/StepIndicator/StepIndicator";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";
import { paths } from "../../lib/paths";
import { defaultPhoneCountry, nationalityOf, restrictedChoice } from "../../lib/registration-countries";
import { Link, useNavigate, useSearchParams } from "../../router";
import { useSession } from "../../store/session";
import "./register.css";
import "./auth.css";

const FIELDS = ["account", "phone", "nationality", "inviteCode"] as const;
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
  // Null until the user picks one: until then the default follows the language and app info.
  const [pickedCountry, setCountry] = useState<PhoneCountry | null>(draft?.phoneCountry ?? null);
  const { values, set, bind, clear, errors, report, fail } = useFormFields<Field>({
    account: draft?.account ?? "",
    phone: draft?.phone ?? "",
    // "" until one is picked (a draft kept from before nationality was asked has none either).
    nationality: draft?.nationality ?? "",
    inviteCode: params.get("code") ?? draft?.inviteCode ?? "",
  });
  const restrictedCountries = useSession((s) => s.appInfo?.restrictedCountries);
  const defaultCountry = useSession((s) => s.appInfo?.defaultCountry);
  const country =
    pickedCountry ??
    defaultPhoneCountry({
      language: i18n.language,
      deviceLanguages: navigator.languages ?? [],
      defaultCountry,
      restricted: restrictedCountries,
    });
  const nationality = nationalityOf(isCountryCode(values.nationality) ? values.nationality : null, country);
  const [pickerOpen, setPickerOpen] = useState(false);
  const check = useRegisterCheck();
  const queryClient = useQueryClient();
  const restricted = restrictedChoice(restrictedCountries, { phoneCountry: country, nationality });
  const restrictedText = codeText("COUNTRY_RESTRICTED");

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
      nationality,
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
      // Refused by a list newer than the app info kept here: fetched again, so the fields say which.
      if (error instanceof ApiError && error.code === "COUNTRY_RESTRICTED")
        void queryClient.invalidateQueries({ queryKey: queryKeys.app });
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
            error={errors.phone ?? (restricted.phoneCountry ? restrictedText : undefined)}
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
          <NationalityField
            label={t("register.nationality")}
            value={nationality}
            onChange={(code) => set("nationality", code)}
            error={errors.nationality ?? (restricted.nationality ? restrictedText : undefined)}
            testId="register-nationality"
          />
          <TextField
            {...bind("inviteCode")}
            label={t("register.code")}
            testId="register-code"
            placeholder={t("register.codePlaceholder")}
            maxLength={32}
          />
          <SubmitButton
            pending={check.isPending}
            disabled={restricted.phoneCountry || restricted.nationality}
            testId="register-next"
          >
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
