import { Button, Toast } from "antd-mobile";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/messages";
import { browserHasPasskeys, PasskeyCancelled } from "../../lib/passkeys";

const passkeys = () => import("../../lib/passkeys");

/**
 * Offers this site's passkeys in the account field's autofill (conditional UI) while the login page is
 * open, where the browser supports it; a pick signs in at once. Leaving the page ends the offer.
 */
export function usePasskeyAutofill(available: boolean, onSignedIn: () => void): void {
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  useEffect(() => {
    if (!available) return;
    let left = false;
    void (async () => {
      const lib = await passkeys();
      if (left || !(await lib.passkeyAutofillAvailable())) return;
      try {
        await lib.signInWithPasskey(true);
        if (!left) signedIn.current();
      } catch {
        // The offer was withdrawn (the page left, or the button started a prompt of its own) or the
        // pick failed; the password and the button remain.
      }
    })();
    return () => {
      left = true;
      void passkeys().then((lib) => lib.cancelPasskeyPrompt());
    };
  }, [available]);
}

/**
 * "Sign in with a passkey", or, where this address cannot use passkeys (plain HTTP on a LAN), a note
 * saying so. Nothing while that is not known, where the server offers none over HTTPS (no public
 * address configured: the note's "needs HTTPS" would be untrue and nothing the user can change), nor
 * in a browser without WebAuthn.
 */
export function PasskeySignIn({
  available,
  ruledOutByAddress,
  onSignedIn,
}: {
  available: boolean | undefined;
  ruledOutByAddress: boolean;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  if (available === undefined) return null;
  if (!available)
    return ruledOutByAddress ? (
      <p className="auth__passkey-note" role="note" data-testid="login-passkey-unavailable">
        {t("login.passkeyNeedsHttps")}
      </p>
    ) : null;
  if (!browserHasPasskeys()) return null;

  async function signIn() {
    setPending(true);
    try {
      await (await passkeys()).signInWithPasskey(false);
      onSignedIn();
    } catch (error) {
      if (!(error instanceof PasskeyCancelled)) Toast.show({ icon: "fail", content: errorText(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="auth__passkey">
      <span className="auth__or">{t("login.or")}</span>
      <Button
        block
        fill="outline"
        color="primary"
        loading={pending}
        onClick={signIn}
        data-testid="login-passkey"
      >
        {t("login.passkey")}
      </Button>
    </div>
  );
}
