import { CopyButton } from "../CopyButton/CopyButton";
import "./hex-value.css";

/**
 * A seed, an anchor, a root or a nonce, whole and monospaced, with a copy button: it is compared
 * character by character, so nothing is cut from it.
 */
export function HexValue({ hex, testId }: { hex: string; testId: string }) {
  return (
    <span className="hex-value">
      <code className="hex-text hex-value__text" data-testid={testId}>
        {hex}
      </code>
      <CopyButton text={hex} />
    </span>
  );
}
