import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The QR code of a currency address, drawn here in the browser (the address never leaves the page).
 * The `qrcode` library is downloaded only when a currency method is shown.
 */
export function AddressQr({ address }: { address: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setSrc(null);
    setFailed(false);
    import("qrcode")
      .then((qrcode) =>
        qrcode.toString(address, { type: "svg", margin: 1, errorCorrectionLevel: "M", width: 176 }),
      )
      .then(
        (svg) => {
          if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
        },
        () => {
          if (!cancelled) setFailed(true);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [address]);

  return (
    <figure className="address-qr" data-testid="deposit-qr" data-ready={src !== null}>
      {src ? (
        <img src={src} width={176} height={176} alt={t("deposit.qrAlt")} />
      ) : (
        <span className="address-qr__placeholder" aria-hidden={!failed}>
          {failed ? t("deposit.qrFailed") : null}
        </span>
      )}
      <figcaption>{t("deposit.qrCaption")}</figcaption>
    </figure>
  );
}
