// Limits on one-time codes (DESIGN: Security). The windows are counted from the otp_codes rows
// themselves, so every instance sees the same counts without Redis.

/** Wrong tries that burn one code. */
export const OTP_MAX_ATTEMPTS = 5;

/** Codes sent to one phone within the window. Loose enough for a user who mistypes, tight against SMS bombing. */
export const OTP_SENDS_PER_PHONE = 10;
export const OTP_SENDS_PER_PHONE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Wrong tries on one phone, over all its codes, within the window. This bounds guessing however
 * many codes are requested: 10 tries an hour against 10^6 codes.
 */
export const OTP_FAILED_TRIES_PER_PHONE = 10;
export const OTP_FAILED_TRIES_WINDOW_MS = 60 * 60 * 1000;

/**
 * Codes sent on behalf of one address within the window. Nigerian mobile networks put many
 * subscribers behind one carrier-grade NAT address, so this is generous; it stops one host from
 * pumping SMS to many numbers.
 */
export const OTP_SENDS_PER_ADDRESS = 100;
export const OTP_SENDS_PER_ADDRESS_WINDOW_MS = 60 * 60 * 1000;

/** Per-address bursts, enforced by @fastify/rate-limit (in Redis when REDIS_URL is set). */
export const SEND_ROUTE_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;
export const CONFIRM_ROUTE_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

/** How long the pending-verification cookie names the client whose code is awaited. */
export const PENDING_VERIFICATION_TTL_MS = 15 * 60 * 1000;
