import type { ContentPageKind } from "@tickfair/contract";
import { Popup } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useContentPage } from "../../api/content";
import { currentLocale } from "../../i18n";
import { ContentState } from "./ContentDocument";

/**
 * The agreement or the privacy policy over the registration form: the form stays mounted under the
 * sheet, so what the user typed (passwords included, which are never stored) is still there after.
 */
export default function ContentSheet({
  kind,
  onClose,
}: {
  kind: ContentPageKind | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={kind !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="content-sheet"
      destroyOnClose
    >
      {kind ? <SheetBody kind={kind} /> : null}
      <button
        type="button"
        className="content-sheet__close"
        data-testid="content-sheet-close"
        onClick={onClose}
      >
        {t("content.close")}
      </button>
    </Popup>
  );
}

function SheetBody({ kind }: { kind: ContentPageKind }) {
  const content = useContentPage(kind, currentLocale());
  return (
    <div className="content-sheet__body" data-testid={`content-sheet-${kind}`}>
      <ContentState content={content} />
    </div>
  );
}
