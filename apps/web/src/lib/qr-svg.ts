import { useEffect, useState } from "react";

/**
 * The QR code of `value` as an SVG data URL, drawn here in the browser (the value never leaves the
 * page): null while the `qrcode` library, downloaded only by the screens that show a code, loads;
 * "failed" when it could not.
 */
export function useQrSvg(value: string, width: number): string | null | "failed" {
  const [src, setSrc] = useState<string | null | "failed">(null);
  useEffect(() => {
    let cancelled = false;
    setSrc(null);
    import("qrcode")
      .then((qrcode) => qrcode.toString(value, { type: "svg", margin: 1, errorCorrectionLevel: "M", width }))
      .then(
        (svg) => {
          if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
        },
        () => {
          if (!cancelled) setSrc("failed");
        },
      );
    return () => {
      cancelled = true;
    };
  }, [value, width]);
  return src;
}
