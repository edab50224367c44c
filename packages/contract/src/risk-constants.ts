/**
 * The exposure board's, the caps' and the order desk's constants, zod-free so the console shows them
 * without loading a schema.
 */

/** The largest cap an operator may set: far above any book, small enough to stay exact in bigint sums. */
export const EXPOSURE_CAP_MAX = "1000000000000.00";

/** Which cap refused an order (the EXPOSURE_LIMIT_REACHED error's `details.cap`). */
export const EXPOSURE_CAP_KINDS = ["product_direction", "user_product"] as const;
export type ExposureCapKind = (typeof EXPOSURE_CAP_KINDS)[number];

/** Most open positions the board lists, by what they are owed if they win. */
export const LARGEST_POSITIONS = 10;

/** Expiry minutes ahead that get a row of their own on the board; later ones share one. */
export const EXPOSURE_HORIZON_MINUTES = 10;

/** What the order desk lists: new orders (contracts), deposits and withdrawals. */
export const DESK_KINDS = ["contract", "deposit", "withdrawal"] as const;
export type DeskKind = (typeof DESK_KINDS)[number];

/** The desk's rows per page unless the query asks for another number. */
export const DESK_PAGE_SIZE = 50;
