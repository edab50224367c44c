import { useTranslation } from "react-i18next";
import "./step-indicator.css";

/** Registration progress: step 1 (account) and step 2 (passwords). */
export function StepIndicator({ current }: { current: 1 | 2 }) {
  const { t } = useTranslation();
  const labels = [t("register.stepAccount"), t("register.stepPasswords")];
  return (
    <div className="steps" data-testid="register-step" data-step={current}>
      <div className="steps__count">{t("register.step", { current, total: 2 })}</div>
      <ol className="steps__list">
        {labels.map((label, index) => {
          const step = index + 1;
          const state = step < current ? "done" : step === current ? "current" : "todo";
          return (
            <li
              key={label}
              className={`steps__item steps__item--${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className="steps__bar" />
              <span className="steps__label">
                <span className="steps__num">{step}</span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
