import { lazy, Suspense } from "react";
import { usePopup } from "../../api/notices";
import { currentLocale } from "../../i18n";

// The dialog and its animation library (about 20 KB) load only when there is a notice to show.
const PopupDialog = lazy(() => import("./PopupDialog"));

/**
 * The pop-up notice operators published, on home only (never over a trading screen): shown once per
 * reader per version.
 */
export default function HomePopup({ signedIn }: { signedIn: boolean }) {
  const popup = usePopup(currentLocale(), signedIn).data;
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog popup={popup} signedIn={signedIn} />
    </Suspense>
  );
}
