import type { LivePopup } from "@tickfair/contract";
import { Dialog } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useDismissPopup } from "../../api/notices";
import { useNavigate } from "../../router";

type Popup = NonNullable<LivePopup["popup"]>;

/** A published pop-up notice, as a dialog: closing it, or following its link, dismisses its version. */
export default function PopupDialog({ popup, signedIn }: { popup: Popup; signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dismiss = useDismissPopup(signedIn);

  const close = () => dismiss.mutate({ id: popup.id, version: popup.version });
  return (
    <Dialog
      visible={!dismiss.isPending && !dismiss.isSuccess}
      title={popup.title}
      aria-label={popup.title}
      content={
        <div data-testid="home-popup">
          {popup.image ? (
            <img
              className="home-popup__image"
              src={popup.image.url}
              width={popup.image.width}
              height={popup.image.height}
              alt=""
            />
          ) : null}
          {popup.body ? <p className="home-popup__body">{popup.body}</p> : null}
        </div>
      }
      closeOnMaskClick
      onClose={close}
      onAction={(action) => {
        close();
        if (action.key === "open" && popup.link) navigate(popup.link);
      }}
      actions={[
        ...(popup.link ? [{ key: "open", text: t("home.noticeOpen"), bold: true }] : []),
        { key: "close", text: t("home.noticeClose") },
      ]}
    />
  );
}
