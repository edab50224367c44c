import { lazy, Suspense, useEffect, useState } from "react";

// The sheet (antd-mobile Popup with its animation libraries) loads on first use, not with the page.
const LanguageSheet = lazy(() =>
  import("./LanguageSheet/LanguageSheet").then((m) => ({ default: m.LanguageSheet })),
);

interface Props {
  visible: boolean;
  onClose: () => void;
}

/** The language sheet, downloaded the first time it is opened. */
export function LanguageSheetLoader({ visible, onClose }: Props) {
  const [wanted, setWanted] = useState(visible);
  useEffect(() => {
    if (visible) setWanted(true);
  }, [visible]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSheet visible={visible} onClose={onClose} />
    </Suspense>
  );
}
