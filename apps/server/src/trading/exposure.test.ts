import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../platform/errors";
import { fitsUnderCap, refuseOrderPastCaps } from "./exposure";

describe("the cap check", () => {
  it("takes orders one by one up to the cap and never past it, to the minor unit", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 9n }), { maxLength: 60 }),
        (cap, startOpen, payouts) => {
          let open = startOpen;
          for (const payout of payouts) {
            if (fitsUnderCap(cap, open, payout)) {
              open += payout;
              expect(open).toBeLessThanOrEqual(cap);
            } else {
              // Refused only when taking it would pass the cap.
              expect(open + payout).toBeGreaterThan(cap);
            }
          }
          // Whatever was open before is never made smaller by a cap.
          expect(open).toBeGreaterThanOrEqual(startOpen);
        },
      ),
    );
  });

  it("takes an order that lands exactly on the cap, and everything when there is none", () => {
    expect(fitsUnderCap(1_850n, 0n, 1_850n)).toBe(true);
    expect(fitsUnderCap(1_850n, 1n, 1_850n)).toBe(false);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n }), fc.bigInt({ min: 1n }), (open, payout) =>
        fitsUnderCap(null, open, payout),
      ),
    );
  });

  it("names the product's cap first, then the user's", () => {
    const held = { symbol: "BTC/USDT", direction: "down" as const, sideOpen: 900n, userOpen: 900n };
    const refusal = (sideCap: bigint | null, userCap: bigint | null) => {
      try {
        refuseOrderPastCaps({ ...held, sideCap, userCap }, 200n);
        return null;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { code: error.code, status: error.status, details: error.details };
      }
    };
    expect(refusal(1_000n, 1_000n)).toEqual({
      code: "EXPOSURE_LIMIT_REACHED",
      status: 409,
      details: { cap: "product_direction", symbol: "BTC/USDT", direction: "down" },
    });
    expect(refusal(null, 1_000n)?.details).toEqual({
      cap: "user_product",
      symbol: "BTC/USDT",
      direction: "down",
    });
    expect(refusal(1_100n, null)).toBeNull();
  });
});
