// Limits on one-time codes (the reasoning and the numbers' consequences are in this folder's
// README). The send windows are counted from the otp_codes rows themselves, so
// every instance sees the same counts without Redis; the per-route bursts live in
// @fastify/rate-limit's store (Redis when REDIS_URL is set).

/** Wrong tries that burn one sign-in attempt's code. Counted on that attempt only. */
export const OTP_MAX_ATTEMPTS = 5;

/** All the send limits below count the codes created within this window. */
export const OTP_SENDS_WINDOW_MS = 60 * 60 * 1000;

/**
 * Codes sent to one phone on behalf of one address. This is the limit that does the work against
 * someone pumping codes at a number: one address gets 5 codes (so 25 guesses) an hour for it. A
 * client's own resends fit: the verification screen offers one every 170 seconds.
 */
export const OTP_SENDS_PER_ADDRESS_PER_PHONE = 5;

/**
 * Codes sent to one phone, from everywhere. Only a ceiling: it takes 10 addresses working
 * together to reach it, while it still bounds guessing on one number to 250 tries an hour.
 */
export const OTP_SENDS_PER_PHONE = 50;

/**
 * Codes sent on behalf of one address, to any numbers. Nigerian mobile networks put many
 * subscribers behind one carrier-grade NAT address, so this is generous; it stops one host from
 * pumping SMS to many numbers.
 */
export const OTP_SENDS_PER_ADDRESS = 100;

/** Per-address bursts, enforced by @fastify/rate-limit (in Redis when REDIS_URL is set). */
export const SEND_ROUTE_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;
export const CONFIRM_ROUTE_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/** How long the pending-verification cookie names the sign-in attempt whose code is awaited. */
export const PENDING_VERIFICATION_TTL_MS = 15 * 60 * 1000;

/**
 * Hand-over codes texted for one order, per hour (OTP_SENDS_WINDOW_MS). Enough for a resend or
 * two at the counter; after that a supervisor approves instead (pickup README).
 */
export const HANDOVER_CODE_SENDS_PER_ORDER = 5;

/**
 * Wallet sale codes texted to one customer an hour (counter sales paid from the wallet): a few
 * sales and resends, and no more than 25 guesses at their codes an hour.
 */
export const WALLET_SALE_CODE_SENDS_PER_CUSTOMER = 5;
