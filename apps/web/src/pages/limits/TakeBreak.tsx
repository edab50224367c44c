import { type ActiveBreak, type BreakKind, type BreakLength, breakEndsAt } from "@tickfair/contract";
import type { TFunction } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { codesOf, useFieldErrors } from "../../api/form-errors";
import { useTakeBreak } from "../../api/limits";
import { Chip } from "../../components/Chip/Chip";
import { Segment, Segmented } from "../../components/Segmented/Segmented";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";
import { alertDialog, confirmDialog } from "../../lib/dialogs";
import { paths } from "../../lib/paths";
import { serverNow } from "../../lib/server-clock";
import { formatDateTime } from "../../lib/time";
import { useNavigate } from "../../router";

/** The lengths offered: days of a time-out, months of a self-exclusion (the contract's ranges). */
const LENGTHS: Record<BreakKind, readonly BreakLength[]> = {
  time_out: [1, 3, 7, 14, 28, 42].map((days) => ({ kind: "time_out", days })),
  self_exclusion: [6, 12, 24, 36, 60].map((months) => ({ kind: "self_exclusion", months })),
};
const FAILURE_FIELDS = { fields: ["password"], codes: codesOf("password", ["PASSWORD_WRONG"]) } as const;

/** A length as people say it: days under a week, then weeks; months under a year, then years. */
function lengthText(length: BreakLength, t: TFunction): string {
  if (length.kind === "time_out")
    return length.days % 7 === 0
      ? t("limits.break.weeks", { count: length.days / 7 })
      : t("limits.break.days", { count: length.days });
  return length.months % 12 === 0
    ? t("limits.break.years", { count: length.months / 12 })
    : t("limits.break.months", { count: length.months });
}

/**
 * A time-out or self-exclusion, confirmed with the login password and a last question. Nobody ends one
 * early; a break in force can only be lengthened, so shorter lengths are not offered then.
 */
export function TakeBreak({ activeBreak }: { activeBreak: ActiveBreak | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<BreakKind>("time_out");
  const [chosen, setChosen] = useState<BreakLength | null>(null);
  const [password, setPassword] = useState("");
  const { errors, clear, fail, report } = useFieldErrors<"length" | "password">();
  const take = useTakeBreak();
  // The server's clock, as the server will date the break: a phone's own may be minutes off.
  const now = new Date(serverNow());
  const until = (length: BreakLength) =>
    formatDateTime(breakEndsAt(length, now).toISOString(), i18n.language);
  const longer = (length: BreakLength) =>
    activeBreak === null || breakEndsAt(length, now).getTime() > Date.parse(activeBreak.until);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (take.isPending) return;
    if (
      report({
        length: chosen === null ? t("limits.break.lengthRequired") : undefined,
        password: password === "" ? t("limits.break.passwordRequired") : undefined,
      }) ||
      chosen === null
    )
      return;
    const confirmed = await confirmDialog({
      title: t("limits.break.confirmTitle", { until: until(chosen) }),
      content: t("limits.break.confirmBody"),
      confirmText: t("limits.break.confirm"),
      cancelText: t("common.cancel"),
    });
    if (!confirmed) return;
    try {
      const started = await take.mutateAsync({ ...chosen, password });
      navigate(paths.login, { replace: true });
      void alertDialog({
        content: t("limits.break.started", { until: formatDateTime(started.until, i18n.language) }),
        confirmText: t("common.confirm"),
      });
    } catch (error) {
      fail(error, FAILURE_FIELDS);
    }
  }

  return (
    <form className="card limits__card tf-form" onSubmit={submit} noValidate data-testid="limits-break">
      <h2 className="limits__heading">
        {activeBreak ? t("limits.break.lengthen") : t("limits.break.title")}
      </h2>
      <p className="limits__small">{t("limits.break.intro")}</p>
      <Segmented label={t("limits.break.title")}>
        {(["time_out", "self_exclusion"] as const).map((option) => (
          <Segment
            key={option}
            active={kind === option}
            data-testid={`limits-break-${option}`}
            onClick={() => {
              setKind(option);
              setChosen(null);
            }}
          >
            {t(`limits.break.${option}`)}
          </Segment>
        ))}
      </Segmented>
      <fieldset className="limits-break__lengths">
        <legend className="limits__small">
          {t("limits.break.length")} · {t(`limits.break.${kind}Hint`)}
        </legend>
        <div className="limits-break__chips">
          {LENGTHS[kind].map((length) => {
            const id = length.kind === "time_out" ? `${length.days}d` : `${length.months}m`;
            return (
              <Chip
                key={id}
                active={chosen === length}
                disabled={!longer(length)}
                aria-pressed={chosen === length}
                data-testid={`limits-break-length-${id}`}
                onClick={() => {
                  setChosen(length);
                  clear("length");
                }}
              >
                {lengthText(length, t)}
              </Chip>
            );
          })}
        </div>
        {errors.length ? (
          <p className="limits__error" role="alert">
            {errors.length}
          </p>
        ) : chosen ? (
          <p className="limits__until num" data-testid="limits-break-until">
            {t("limits.break.until", { until: until(chosen) })}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={t("limits.break.password")}
        name="password"
        type="password"
        testId="limits-break-password"
        autoComplete="current-password"
        placeholder={t("limits.break.passwordPlaceholder")}
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          clear("password");
        }}
        error={errors.password}
      />
      <SubmitButton pending={take.isPending} testId="limits-break-submit">
        {t("limits.break.start")}
      </SubmitButton>
    </form>
  );
}
