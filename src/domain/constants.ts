// The product's business constants and limits.

// One-time code
export const OTP_LENGTH = 6;
export const OTP_EXPIRY_MS = 300_000;
export const RESEND_COUNTDOWN_S = 170;

// SMS budgets: text messages a staff member's action sends, counted per clock hour. A receipt or a
// notice over its budget is not sent and the staff member is told so; a code over it is refused.
/** Counter receipts to one phone: a customer buying again within the hour still gets a few. */
export const SMS_RECEIPTS_PER_PHONE_PER_HOUR = 5;
/** Wrong delivery codes a rider may type for one delivery; after them only a dispatcher closes it. */
export const DELIVERY_CODE_MAX_TRIES = 5;
/** Hand-over and wallet codes to one phone, together (each is also capped per order or customer). */
export const SMS_CODES_PER_PHONE_PER_HOUR = 10;
/** Delivery and hand-over notices a staff action sends to one phone. */
export const SMS_NOTICES_PER_PHONE_PER_HOUR = 10;
/** Every SMS one staff member causes, to any phones: a busy counter hour, not a mailing. */
export const SMS_PER_STAFF_PER_HOUR = 60;

// Phone numbers: 11 digits local, or 234 plus 10 digits
export const PHONE_LOCAL_LENGTH = 11;
export const PHONE_INTERNATIONAL_PREFIX = '234';

// Calls and real-time channel
export const API_TIMEOUT_MS = 10_000;
export const LOCAL_AUTH_API_PORT = 9090;
export const LOCAL_API_PORT = 8080;
export const SOCKET_RECONNECTION_ATTEMPTS = 5;
export const SOCKET_RECONNECTION_DELAY_MS = 2000;

// Time
/** Lagos is UTC+1 all year (no daylight saving), so a fixed offset is exact. */
export const LAGOS_UTC_OFFSET_MS = 60 * 60 * 1000;

// Order history
/** Orders per page of the client's history ("Show more orders" reads the next ones). */
export const ORDER_HISTORY_PAGE_SIZE = 10;

// Payment flow
/** The card provider's segment of the payment route (/payment/{card-provider-segment}/…). */
export const CARD_PROVIDER_SEGMENT = 'paystack';
/** Largest single top-up or transfer accepted: ₦10,000,000 in kobo (a typo guard, not a product limit). */
export const MAX_WALLET_AMOUNT_KOBO = 1_000_000_000;
export const PAYMENT_REDIRECT_DELAY_MS = 3000;
export const SUCCESS_REDIRECT_DELAY_MS = 2000;
export const PAYMENT_POLL_INTERVAL_MS = 1000;
export const PAYMENT_POLL_MAX_ATTEMPTS = 4;

// Interface timing
export const POPUP_FADE_MS = 300;
export const NAVBAR_IDLE_RESTORE_MS = 1500;
/** Default for notifications; the shared notification bar has no auto-hide unless given one. */
export const NOTIFICATION_AUTO_HIDE_MS = 6000;
export const PROMO_ROTATION_MS = 5000;
export const PROMO_SLIDES_PER_BLOCK = 4;

// Layout
export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_TABLET = 1024;
export const SERVICE_CARD_WIDTH_PERCENT = 40;
export const SERVICE_SCROLL_STEP_PX = 200;
export const FOOTER_HEIGHT = 100;
export const NAVBAR_HEIGHT = 60;
export const SIDEBAR_WIDTH = 250;

// Colours
export const BRAND_BLUE = '#144CC3';
export const LIGHT_GREY = '#C1C1C1';

// Money and dates
export const KOBO_PER_NAIRA = 100;
export const AMOUNT_DECIMALS = 2;
export const DATE_FORMAT = 'dd/MM/yyyy';

// Card provider defaults and device wallet payment
export const CURRENCY = 'NGN';
export const CARD_PROVIDER_BUTTON_TEXT = 'Pay';
export const DEVICE_WALLET_COUNTRY = 'NG';
export const DEVICE_WALLET_NETWORKS = ['visa', 'masterCard'] as const;
export const DEVICE_WALLET_CAPABILITIES = ['supports3DS', 'supportsCredit', 'supportsDebit'] as const;

// Referrer URLs
export const REFERRER_MAX_LENGTH = 500;

// Driver page claims
export const DRIVER_DAILY_EARNINGS_MIN_NAIRA = 25_000;
export const DRIVER_DAILY_EARNINGS_MAX_NAIRA = 60_000;
export const DRIVER_WEEKLY_PAYDAY = 'Tuesday';
export const DRIVER_MIN_AGE = 21;
export const DRIVER_MIN_EXPERIENCE_YEARS = 1;
export const DRIVER_MIN_VEHICLE_YEAR = 2010;

// Catalogue
export const CYLINDER_SIZES_KG = [3, 5, 6, 12.5, 25, 50] as const;
export type CylinderSizeKg = (typeof CYLINDER_SIZES_KG)[number];

export type ScreenType = 'Mobile' | 'Tablet' | 'Desktop';

/** Below 768 px is Mobile, below 1024 px Tablet, otherwise Desktop. */
export function screenType(width: number): ScreenType {
  if (width < BREAKPOINT_MOBILE) return 'Mobile';
  if (width < BREAKPOINT_TABLET) return 'Tablet';
  return 'Desktop';
}

/**
 * Referrers over 500 characters lose their query (and any fragment after it). If what is left
 * is still too long it is cut at 500 so the stored value is always bounded.
 */
export function trimReferrer(url: string): string {
  if (url.length <= REFERRER_MAX_LENGTH) return url;
  const q = url.indexOf('?');
  const withoutQuery = q === -1 ? url : url.slice(0, q);
  return withoutQuery.slice(0, REFERRER_MAX_LENGTH);
}

// Order limits. They keep absurd input out (a 10 000 kg refill, 900 stoves) with a clear message.
export const MAX_ORDER_LINES = 20;
export const MAX_ITEM_QUANTITY = 20;
/** Gas is sold in half-kg steps; a refill never exceeds the biggest cylinder. */
export const GAS_KG_STEP = 0.5;
export const MAX_GAS_KG = 50;

// A client's data rights: what is kept, and for how long
/** A rider's shared positions on a delivery are cleared this long after the delivery ended (Delivered or Cancelled). */
export const RIDER_POSITION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * One-time codes (sign-in, hand-over, wallet sale) are deleted this long after they stopped
 * working (used, burnt or expired): long enough to look into a disputed hand-over the same day.
 */
export const SPENT_CODE_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often each instance runs the retention job (it is idempotent, so instances may overlap). */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** What a client types to confirm erasing their account. */
export const ACCOUNT_DELETION_PHRASE = 'DELETE';

/** The largest amount a money field takes, in naira (the app's MoneyInput, the shift's first view). */
export const MONEY_MAX = 100_000_000;
