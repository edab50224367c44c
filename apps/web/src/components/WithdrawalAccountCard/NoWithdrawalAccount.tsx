import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../EmptyState/EmptyState";
import { IconCard } from "../icons";

/** In place of the card while no withdrawal account is bound: why one is needed, and what to do. */
export function NoWithdrawalAccount({
  text,
  testId,
  action,
}: {
  text: string;
  testId: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="card">
      <EmptyState
        icon={<IconCard />}
        title={t("cashier.notBound")}
        text={text}
        testId={testId}
        action={action}
      />
    </div>
  );
}
