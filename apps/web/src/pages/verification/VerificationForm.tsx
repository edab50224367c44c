import type {
  VerificationPhotoSide,
  VerificationStatus,
  VerificationSubmitRequest,
} from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { type FieldErrors, hasFieldErrors, useFieldErrors } from "../../api/form-errors";
import { codeText } from "../../api/messages";
import { queryClient } from "../../api/query-client";
import { useSubmitVerification, verificationKey } from "../../api/verification";
import { DetailRows } from "../../components/DetailRows/DetailRows";
import { NationalityField } from "../../components/NationalityField/NationalityField";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";
import { nationalityName } from "../../lib/countries";
import { confirmDialog } from "../../lib/dialogs";
import {
  cleanIdNumber,
  cleanName,
  MAINLAND,
  type VerificationField,
  type VerificationProblem,
  type VerificationValues,
  verificationProblems,
} from "../../lib/verification-check";
import { IdPhotos, useIdPhoto } from "./IdPhotos";

type TextFieldName = keyof VerificationValues;

const FAILURE_FIELDS = {
  fields: ["name", "idNumber", "nationality", "photos"],
  names: { photos: "frontPhotoId" },
  codes: {
    NAME_INVALID: "name",
    ID_NUMBER_INVALID: "idNumber",
    ID_NUMBER_BIRTH_DATE_INVALID: "idNumber",
    ID_NUMBER_CHECK_DIGIT_MISMATCH: "idNumber",
    ID_NUMBER_IN_USE: "idNumber",
    NATIONALITY_INVALID: "nationality",
    COUNTRY_RESTRICTED: "nationality",
    PHOTO_REQUIRED: "photos",
    PHOTO_INVALID: "photos",
  },
} as const;

/**
 * The details and both photos of the ID, checked as the user goes by the rules of the chosen
 * nationality; a first one starts from the nationality declared at registration, one after a rejection
 * from the name and nationality sent last time.
 */
export function VerificationForm({ previous }: { previous: VerificationStatus }) {
  const { t, i18n } = useTranslation();
  const submit = useSubmitVerification();
  const front = useIdPhoto();
  const back = useIdPhoto();
  const [values, setValues] = useState<VerificationValues>({
    name: previous.name ?? "",
    idNumber: "",
    // Most readers of the Chinese app hold a mainland ID: start there, changeable.
    nationality: previous.nationality ?? (i18n.language === "zh-CN" ? MAINLAND : ""),
  });
  // Fields the user has left once: from then on checked as they type, not before.
  const [touched, setTouched] = useState<ReadonlySet<TextFieldName>>(new Set());
  const { errors, setErrors, fail } = useFieldErrors<VerificationField>();
  const mainland = values.nationality === MAINLAND;
  const photos = { front: front.state.status === "done", back: back.state.status === "done" };
  const uploading = front.state.status === "working" || back.state.status === "working";

  function messages(next: VerificationValues): FieldErrors<VerificationField> {
    const cn = next.nationality === MAINLAND;
    // The device's clock decides "born in the future"; the server checks again by its own.
    const problems = verificationProblems(next, { front: true, back: true }, new Date());
    return {
      name:
        problems.name &&
        t(
          problems.name === "EMPTY"
            ? "verification.nameRequired"
            : cn
              ? "verification.nameInvalidCn"
              : "verification.nameInvalid",
        ),
      idNumber: problems.idNumber && idNumberMessage(problems.idNumber, cn),
      nationality: problems.nationality && t("verification.nationalityRequired"),
    };
  }

  function idNumberMessage(problem: VerificationProblem, cn: boolean): string {
    if (problem === "EMPTY") return t("verification.idNumberRequired");
    if (problem === "INVALID")
      return t(cn ? "verification.idNumberInvalidCn" : "verification.idNumberInvalid");
    return codeText(problem);
  }

  /** Checks the fields the user has been through with `next`; the others wait until they are left or sent. */
  function recheck(next: VerificationValues, seen: ReadonlySet<TextFieldName>) {
    const found = messages(next);
    setErrors((current) => {
      const shown: FieldErrors<VerificationField> = { photos: current.photos };
      for (const field of seen) shown[field] = found[field];
      return shown;
    });
  }

  function change(field: TextFieldName, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // The name's and the number's rules depend on the nationality: a change rechecks them.
    recheck(next, field === "nationality" ? new Set([...touched, field]) : touched);
  }

  function leave(field: TextFieldName) {
    const seen = new Set([...touched, field]);
    setTouched(seen);
    recheck(values, seen);
  }

  function pick(side: VerificationPhotoSide, file: File) {
    setErrors((current) => ({ ...current, photos: undefined }));
    void (side === "front" ? front : back).upload(file);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (submit.isPending || uploading) return;
    setTouched(new Set(["name", "idNumber", "nationality"]));
    const next: FieldErrors<VerificationField> = messages(values);
    if (!photos.front || !photos.back) next.photos = t("verification.photosRequired");
    setErrors(next);
    if (hasFieldErrors(next) || front.state.status !== "done" || back.state.status !== "done") return;
    const request: VerificationSubmitRequest = {
      name: cleanName(values.name),
      idNumber: cleanIdNumber(values.idNumber, values.nationality),
      nationality: values.nationality as VerificationSubmitRequest["nationality"],
      frontPhotoId: front.state.photoId,
      backPhotoId: back.state.photoId,
    };
    const confirmed = await confirmDialog({
      title: t("verification.confirmTitle"),
      content: (
        <div data-testid="verification-confirm">
          <DetailRows
            className="detail-rows verification-rows"
            rows={[
              { label: t("verification.name"), value: request.name },
              { label: t("verification.idNumber"), value: request.idNumber, className: "num" },
              {
                label: t("verification.nationality"),
                value: nationalityName(request.nationality, i18n.language),
              },
            ]}
          />
          <p className="cashier-note">{t("verification.confirmText")}</p>
        </div>
      ),
      confirmText: t("verification.confirmSubmit"),
      cancelText: t("common.cancel"),
    });
    if (!confirmed) return;
    try {
      await submit.mutateAsync(request);
      Toast.show({ icon: "success", content: t("verification.submitted") });
      window.scrollTo(0, 0);
    } catch (error) {
      fail(error, FAILURE_FIELDS);
      // Sent meanwhile from another device, or already decided: show where it stands.
      if (error instanceof ApiError && error.code === "VERIFICATION_IN_PROGRESS")
        void queryClient.invalidateQueries({ queryKey: verificationKey });
    }
  }

  return (
    <form className="card cashier-card tf-form" onSubmit={send} noValidate data-testid="verification-form">
      <NationalityField
        label={t("verification.nationality")}
        value={values.nationality}
        onChange={(code) => change("nationality", code)}
        error={errors.nationality}
        testId="verification-nationality"
      />
      <TextField
        label={t("verification.name")}
        name="name"
        testId="verification-name"
        autoComplete="name"
        maxLength={60}
        placeholder={mainland ? t("verification.namePlaceholderCn") : t("verification.namePlaceholder")}
        value={values.name}
        onValueChange={(v) => change("name", v)}
        onBlur={() => leave("name")}
        hint={mainland ? t("verification.nameHintCn") : t("verification.nameHint")}
        error={errors.name}
      />
      <TextField
        label={t("verification.idNumber")}
        name="idNumber"
        testId="verification-id-number"
        autoComplete="off"
        maxLength={40}
        placeholder={
          mainland ? t("verification.idNumberPlaceholderCn") : t("verification.idNumberPlaceholder")
        }
        value={values.idNumber}
        // The check character is a capital X on the card; phones offer a small one first.
        onValueChange={(v) => change("idNumber", mainland ? v.toUpperCase() : v)}
        onBlur={() => leave("idNumber")}
        hint={mainland ? t("verification.idNumberHintCn") : t("verification.idNumberHint")}
        error={errors.idNumber}
      />
      <IdPhotos front={front.state} back={back.state} onPick={pick} error={errors.photos} />
      <SubmitButton pending={submit.isPending} disabled={uploading} testId="verification-submit">
        {t("verification.submit")}
      </SubmitButton>
      <p className="cashier-note">{t("verification.privacyNote")}</p>
    </form>
  );
}
