import { useMutation, useQuery } from "@tanstack/react-query";
import { type PasskeyInfo, passkeyAddStepUp, passkeyRemoveStepUp } from "@tickfair/contract";
import { Button, List, Toast } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../api/client";
import { errorText } from "../../api/messages";
import { queryClient } from "../../api/query-client";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { IconKey } from "../../components/icons";
import { LoadError } from "../../components/LoadError/LoadError";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { useStepUp } from "../../components/StepUp/useStepUp";
import { confirmDialog } from "../../lib/dialogs";
import { addPasskey, browserHasPasskeys, PasskeyCancelled, passkeyProof } from "../../lib/passkeys";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import { useSession } from "../../store/session";
import { PasskeyNameSheet } from "./PasskeyNameSheet";
import "./passkeys.css";

const PASSKEYS_KEY = ["me", "passkeys"] as const;

function fetchPasskeys(signal: AbortSignal) {
  return apiRequest<{ items: PasskeyInfo[] }>("/v1/me/passkeys", { auth: true, signal });
}

type Naming = { mode: "add" } | { mode: "rename"; passkey: PasskeyInfo };

/** The user's passkeys: each with its name and last use; added, renamed and removed here. */
export default function Passkeys() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const addressAllows = useSession((s) => s.appInfo?.passkeys) ?? true;
  const available = addressAllows && browserHasPasskeys();
  const list = useQuery({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => fetchPasskeys(signal) });
  const stepUp = useStepUp({ passkeyProof });
  const [naming, setNaming] = useState<Naming | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });

  const save = useMutation({
    mutationFn: async (name: string) => {
      if (naming?.mode === "rename") {
        await apiRequest(`/v1/me/passkeys/${naming.passkey.id}`, {
          method: "PATCH",
          body: { name },
          auth: true,
        });
        return "renamed" as const;
      }
      const token = await stepUp.confirm(passkeyAddStepUp(name));
      if (!token) return null;
      await addPasskey(name, token);
      return "added" as const;
    },
    onSuccess: (done) => {
      setNaming(null);
      if (!done) return;
      void refresh();
      Toast.show({ icon: "success", content: t(done === "added" ? "passkeys.added" : "passkeys.renamed") });
    },
    onError: (error) => {
      if (!(error instanceof PasskeyCancelled)) Toast.show({ icon: "fail", content: errorText(error) });
    },
  });

  async function remove(passkey: PasskeyInfo) {
    const confirmed = await confirmDialog({
      content: t("passkeys.removeConfirm", { name: passkey.name }),
      confirmText: t("passkeys.remove"),
      cancelText: t("common.cancel"),
    });
    if (!confirmed) return;
    try {
      const action = passkeyRemoveStepUp(passkey.id);
      const token = await stepUp.confirm(action);
      if (!token) return;
      await apiRequest(`/v1/me/passkeys/${passkey.id}`, {
        method: "DELETE",
        auth: true,
        headers: { "step-up": token },
      });
      void refresh();
      Toast.show({ icon: "success", content: t("passkeys.removed") });
    } catch (error) {
      if (!(error instanceof PasskeyCancelled)) Toast.show({ icon: "fail", content: errorText(error) });
    }
  }

  const items = list.data?.items ?? [];
  const addButton = (
    <Button
      color="primary"
      block
      disabled={!available}
      onClick={() => setNaming({ mode: "add" })}
      data-testid="passkey-add"
    >
      {t("passkeys.add")}
    </Button>
  );

  return (
    <div className="page">
      <PageNavBar title={t("passkeys.title")} backTo={paths.settings} />
      <main className="page__body passkeys">
        {available ? null : (
          <p className="passkeys__note" role="note" data-testid="passkeys-unavailable">
            {t(addressAllows ? "passkeys.browserUnsupported" : "passkeys.unavailable")}
          </p>
        )}
        {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
        {list.isSuccess && items.length === 0 ? (
          <EmptyState
            icon={<IconKey />}
            title={t("passkeys.empty")}
            text={t("passkeys.explain")}
            action={addButton}
            testId="passkeys-empty"
          />
        ) : null}
        {items.length > 0 ? (
          <>
            <p className="passkeys__explain">{t("passkeys.explain")}</p>
            <List className="passkeys__list" data-testid="passkeys-list">
              {items.map((passkey) => (
                <List.Item
                  key={passkey.id}
                  prefix={<IconKey className="passkeys__icon" />}
                  description={
                    <span className="passkeys__times">
                      <span>
                        {t("passkeys.created", { date: formatDateTime(passkey.createdAt, locale) })}
                      </span>
                      <span data-testid="passkey-last-used">
                        {passkey.lastUsedAt
                          ? t("passkeys.lastUsed", { date: formatDateTime(passkey.lastUsedAt, locale) })
                          : t("passkeys.neverUsed")}
                      </span>
                    </span>
                  }
                  extra={
                    <span className="passkeys__actions">
                      <Button
                        size="mini"
                        fill="none"
                        onClick={() => setNaming({ mode: "rename", passkey })}
                        data-testid="passkey-rename"
                      >
                        {t("passkeys.rename")}
                      </Button>
                      <Button
                        size="mini"
                        fill="none"
                        color="danger"
                        onClick={() => void remove(passkey)}
                        data-testid="passkey-remove"
                      >
                        {t("passkeys.remove")}
                      </Button>
                    </span>
                  }
                  data-testid="passkey-item"
                >
                  {passkey.name}
                </List.Item>
              ))}
            </List>
            {addButton}
          </>
        ) : null}
      </main>
      {naming ? (
        <PasskeyNameSheet
          title={naming.mode === "add" ? t("passkeys.add") : t("passkeys.rename")}
          initial={naming.mode === "rename" ? naming.passkey.name : ""}
          submit={naming.mode === "add" ? t("passkeys.create") : t("common.confirm")}
          pending={save.isPending}
          onDone={(name) => (name === null ? setNaming(null) : save.mutate(name))}
        />
      ) : null}
      {stepUp.sheet}
    </div>
  );
}
