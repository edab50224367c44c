import {
  cleanAmount,
  countLimitRange,
  isCountKind,
  LOSS_STREAK_SUGGESTED,
  limitStepUp,
  MAX_MONEY_LIMIT,
  type UserLimit,
} from "@tickfair/contract";
import { Button, Popup, Toast } from "antd-mobile";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { codesOf, useFieldErrors } from "../../api/form-errors";
import { useSetLimit } from "../../api/limits";
import { AmountField } from "../../components/AmountField/AmountField";
import { stepUpHeaders } from "../../components/StepUp/step-up-api";
import { useStepUp } from "../../components/StepUp/useStepUp";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { TextField } from "../../components/TextField/TextField";
import { confirmDialog } from "../../lib/dialogs";
import { appliesAtOnce, limitValueProblem, limitValueText } from "../../lib/limit-format";

const QUICK_AMOUNTS = ["100.00", "500.00", "1000.00", "5000.00"] as const;
const COUNT_LABELS: Partial<Record<UserLimit["kind"], "limits.edit.positions" | "limits.edit.lossStreak">> = {
  open_positions: "limits.edit.positions",
  loss_streak: "limits.edit.lossStreak",
};
const COUNT_PLACEHOLDERS: Partial<
  Record<UserLimit["kind"], "limits.edit.positionsPlaceholder" | "limits.edit.lossStreakPlaceholder">
> = {
  open_positions: "limits.edit.positionsPlaceholder",
  loss_streak: "limits.edit.lossStreakPlaceholder",
};
const FAILURE_FIELDS = { fields: ["value"], codes: codesOf("value", ["LIMIT_VALUE_INVALID"]) } as const;

/**
 * Sets, changes or removes one limit. The form says before saving whether the change applies at once
 * or in 24 hours, and removing asks first: it cannot be undone for a day except by cancelling.
 */
export function LimitSheet({ limit, onClose }: { limit: UserLimit; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { kind } = limit;
  const counted = isCountKind(kind);
  const range = countLimitRange(kind);
  const inForce = limit.value;
  // An unset loss streak starts at the suggested count: the user only has to confirm it.
  const suggested = kind === "loss_streak" ? String(LOSS_STREAK_SUGGESTED) : "";
  const [typed, setTyped] = useState(limit.pending?.value ?? inForce ?? suggested);
  const { errors, clear, fail, report } = useFieldErrors<"value">();
  const save = useSetLimit();
  const stepUp = useStepUp();
  const value = counted ? typed.trim() : cleanAmount(typed, MAX_MONEY_LIMIT, { complete: true });
  const problem = limitValueProblem(kind, value);
  const effect =
    problem !== null || value === inForce
      ? null
      : appliesAtOnce(kind, inForce, value)
        ? t("limits.edit.atOnce")
        : t("limits.edit.later");

  async function send(requested: string | null) {
    try {
      // Loosening or removing asks for a fresh proof: a stolen session must not lift a limit.
      const loosens = requested !== inForce && !appliesAtOnce(kind, inForce, requested);
      const token = loosens ? await stepUp.confirm(limitStepUp(kind, requested)) : null;
      if (loosens && token === null) return;
      await save.mutateAsync({ kind, value: requested, headers: token ? stepUpHeaders(token) : {} });
      const now = appliesAtOnce(kind, inForce, requested);
      Toast.show({ icon: "success", content: now ? t("limits.edit.savedNow") : t("limits.edit.savedLater") });
      onClose();
    } catch (error) {
      fail(error, FAILURE_FIELDS);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    if (!counted) setTyped(value);
    const message =
      problem === "required"
        ? t("limits.edit.required")
        : problem === "another"
          ? t("limits.edit.another")
          : problem === "invalid"
            ? t("limits.edit.invalidCount", range)
            : value === inForce && limit.pending === null
              ? t("limits.edit.unchanged")
              : undefined;
    if (report({ value: message })) return;
    await send(value);
  }

  async function remove() {
    const confirmed = await confirmDialog({
      content: t("limits.edit.removeConfirm"),
      confirmText: t("limits.edit.remove"),
      cancelText: t("common.cancel"),
    });
    if (confirmed) await send(null);
  }

  const label = counted ? t(COUNT_LABELS[kind] ?? "limits.edit.minutes") : t("limits.edit.amount");
  return (
    <Popup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="form-sheet limit-sheet"
      destroyOnClose
    >
      <form className="form-sheet__form tf-form" onSubmit={submit} noValidate data-testid="limit-sheet">
        <h2 className="form-sheet__title">{t(`limits.kind.${kind}`)}</h2>
        <p className="limit-sheet__hint">{t(`limits.hint.${hintKey(kind)}`)}</p>
        {counted ? (
          <TextField
            label={label}
            name="value"
            testId="limit-sheet-value"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t(COUNT_PLACEHOLDERS[kind] ?? "limits.edit.minutesPlaceholder", range)}
            value={typed}
            onValueChange={(next) => {
              setTyped(next.replace(/\D/g, "").slice(0, 5));
              clear("value");
            }}
            hint={effect ?? undefined}
            error={errors.value}
          />
        ) : (
          <AmountField
            label={label}
            name="value"
            testId="limit-sheet"
            placeholder={t("limits.edit.amountPlaceholder")}
            value={typed}
            onChange={(next) => {
              setTyped(next);
              clear("value");
            }}
            max={MAX_MONEY_LIMIT}
            quick={QUICK_AMOUNTS}
            quickLook="chips"
            hint={effect ?? undefined}
            error={errors.value}
          />
        )}
        <p className="limit-sheet__current num" data-testid="limit-sheet-current">
          {t("limits.edit.current", { value: limitValueText(kind, inForce, t, locale) })}
        </p>
        <SubmitButton pending={save.isPending} testId="limit-sheet-save">
          {t("limits.edit.save")}
        </SubmitButton>
        {inForce === null ? null : (
          <Button
            block
            fill="none"
            className="limit-sheet__remove"
            disabled={save.isPending}
            onClick={remove}
            data-testid="limit-sheet-remove"
          >
            {t("limits.edit.remove")}
          </Button>
        )}
      </form>
      {stepUp.sheet}
    </Popup>
  );
}

/** Limits of one sort share their explanation. */
function hintKey(
  kind: UserLimit["kind"],
): "deposit" | "stake" | "loss" | "open_positions" | "reminder_minutes" | "loss_streak" {
  if (kind === "open_positions" || kind === "reminder_minutes" || kind === "loss_streak") return kind;
  return kind.startsWith("deposit") ? "deposit" : kind.startsWith("stake") ? "stake" : "loss";
}
