import { useTranslation } from "react-i18next";
import { useQrSvg } from "../../lib/qr-svg";

/**
 * The QR code of a currency address, drawn here in the browser (the address never leaves the page).
 * The `qrcode` library is downloaded only when a currency method is shown.
 */
export function AddressQr({ address }: { address: string }) {
  const { t } = useTranslation();
  const src = useQrSvg(address, 176);
  const failed = src === "failed";

  return (
    <figure className="address-qr" data-testid="deposit-qr" data-ready={src !== null && !failed}>
      {src && !failed ? (
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
