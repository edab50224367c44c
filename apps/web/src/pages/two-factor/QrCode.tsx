import { useQrSvg } from "../../lib/qr-svg";

const SIZE = 200;

/** The enrolment's `otpauth://` URI as a QR code for the authenticator app's camera. */
export function QrCode({ value, label, testId }: { value: string; label: string; testId: string }) {
  const src = useQrSvg(value, SIZE);
  return src && src !== "failed" ? (
    <img className="two-factor__qr" src={src} width={SIZE} height={SIZE} alt={label} data-testid={testId} />
  ) : (
    // Failed or still loading: the key below, typed by hand, does the same.
    <span className="two-factor__qr" aria-hidden="true" />
  );
}
