import { formatMoney, isCountKind, LOSS_STREAK_SUGGESTED, type UserLimit } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useCancelPendingLimit } from "../../api/limits";
import { errorText } from "../../api/messages";
import { IconChevronRight } from "../../components/icons";
import { confirmDialog } from "../../lib/dialogs";
import { formatCountdown, limitValueText, usedShare } from "../../lib/limit-format";

/**
 * One limit: its value in force, what the period used (a bar when there is a limit), and a change
 * waiting its 24 hours with the time left and a way to cancel it.
 */
export function LimitRow({ limit, now, onEdit }: { limit: UserLimit; now: number; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const cancel = useCancelPendingLimit();
  const { kind, value, pending, used } = limit;
  const share = usedShare(used, value);
  const usedText = used === null ? null : isCountKind(kind) ? used : formatMoney(used, locale);

  async function cancelPending() {
    const confirmed = await confirmDialog({
      content: t("limits.cancelPendingConfirm", {
        value: limitValueText(kind, value, t, locale, { inSentence: true }),
      }),
      confirmText: t("limits.cancelPending"),
      cancelText: t("common.cancel"),
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync(kind);
      Toast.show({ icon: "success", content: t("limits.cancelled") });
    } catch (error) {
      Toast.show({ icon: "fail", content: errorText(error) });
    }
  }

  return (
    <li className="limit-row" data-testid={`limit-${kind}`}>
      <button type="button" className="limit-row__main" onClick={onEdit} data-testid={`limit-${kind}-edit`}>
        <span className="limit-row__name">{t(`limits.kind.${kind}`)}</span>
        <span
          className={`limit-row__value num${value === null ? " limit-row__value--none" : ""}`}
          data-testid={`limit-${kind}-value`}
        >
          {limitValueText(kind, value, t, locale)}
        </span>
        <IconChevronRight className="limit-row__chevron" />
      </button>
      {kind === "loss_streak" && value === null && pending === null ? (
        <p className="limit-row__suggested" data-testid="limit-loss_streak-suggested">
          {t("limits.suggested", { count: LOSS_STREAK_SUGGESTED })}
        </p>
      ) : null}
      {usedText !== null && value !== null ? (
        <div className="limit-row__usage">
          <span className="limit-row__used num" data-testid={`limit-${kind}-used`}>
            {t("limits.used", { used: usedText })}
          </span>
          {share === null ? null : (
            <span className="limit-row__bar" aria-hidden="true">
              <span
                className={`limit-row__fill${share >= 1 ? " limit-row__fill--full" : ""}`}
                style={{ width: `${share * 100}%` }}
              />
            </span>
          )}
        </div>
      ) : null}
      {pending ? (
        <div className="limit-row__pending" data-testid={`limit-${kind}-pending`}>
          <span className="num">
            {pending.value === null
              ? t("limits.pendingRemoval", {
                  countdown: formatCountdown(Date.parse(pending.appliesAt) - now),
                })
              : t("limits.pendingChange", {
                  value: limitValueText(kind, pending.value, t, locale),
                  countdown: formatCountdown(Date.parse(pending.appliesAt) - now),
                })}
          </span>
          <button
            type="button"
            className="limit-row__cancel"
            onClick={cancelPending}
            disabled={cancel.isPending}
            data-testid={`limit-${kind}-cancel`}
          >
            {t("limits.cancelPending")}
          </button>
        </div>
      ) : null}
    </li>
  );
}
