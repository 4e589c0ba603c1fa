import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const DEV_SECRET = 'arrive-development-secret-change-me-in-production';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/[^/@]+@/, 'must be postgres://USER@HOST/DB (the URL must name a user)')
      .optional(),
    /**
     * The daily backup: a directory turns it on (unset: off). Each day at BACKUP_AT (HH:MM, Lagos
     * time) the server writes one backup there, as `npm run backup` does, and then deletes its own
     * backups there older than BACKUP_KEEP_DAYS days (never other files, never the newest). With
     * several instances on one PostgreSQL database, one of them writes it (an advisory lock).
     */
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
    BACKUP_AT: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour clock, Lagos time)')
      .default('02:30'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET),
    /** Default: sandbox outside production, live in production. */
    PAYMENT_MODE: z.enum(['sandbox', 'live']).optional(),
    PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
    PAYSTACK_PUBLIC_KEY: z.string().min(1).optional(),
    PAYSTACK_BASE_URL: z.url().optional(),
    /** Default: console outside production, termii in production. */
    SMS_PROVIDER: z.enum(['console', 'termii']).optional(),
    TERMII_API_KEY: z.string().min(1).optional(),
    TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
    TERMII_SENDER_ID: z.string().min(1).default('Arrive'),
    GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
    /**
     * The gas center's counter phone, which a client calls about their delivery (a rider's own
     * number is never given to a client). 0 + 10 digits or 234 + 10 digits; unset, the client's
     * order page points to the Help centre instead.
     */
    GAS_CENTER_PHONE: z
      .string()
      .trim()
      .regex(/^(0\d{10}|234\d{10})$/, 'must be 0 + 10 digits or 234 + 10 digits')
      .transform((v) => `0${v.slice(-10)}`)
      .optional(),
    /**
     * Web Push (VAPID) key pair, base64url (the README shows how to make a pair). Outside production a
     * pair is made at start when unset; in production a missing pair only turns push off.
     */
    VAPID_PUBLIC_KEY: z.string().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    /** Who push services may contact about this sender: mailto:… or https://… (default PUBLIC_URL). */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
      .optional(),
    /**
     * How often the notification worker looks for messages to send, in ms (0: never; default
     * 2000, and 0 under NODE_ENV=test where the tests run it by hand).
     */
    NOTIFICATION_WORKER_MS: z.coerce.number().int().min(0).optional(),
    SEED_DEMO: bool.optional(),
    /**
     * A staging site may run the sandbox (Paystack emulator, console SMS, demo data) with
     * NODE_ENV=production. Off by default; logged loudly at start; the sandbox's control routes
     * then answer only a staff member with CEO access.
     */
    ALLOW_SANDBOX_IN_PRODUCTION: bool.default(false),
    STATIC_DIR: z.string().min(1).default('dist'),
    /**
     * Which proxies to believe about the client's address (X-Forwarded-For): 'false' (none,
     * the default), a hop count, or a comma-separated list of addresses/CIDRs. Believing every
     * proxy would let anyone fake an address past the per-address rate limits.
     */
    TRUST_PROXY: z
      .string()
      .regex(
        /^(false|true|\d+|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/,
        'must be false, true, a hop count or a list of addresses',
      )
      .default('false')
      .transform((v): boolean | number | string[] =>
        v === 'false' ? false : v === 'true' ? true : /^\d+$/.test(v) ? Number(v) : v.split(','),
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * The bearer token a Prometheus scraper sends to GET /metrics. In production /metrics exists
     * only when it is set (and then also answers a scraper on the machine itself); outside
     * production /metrics is open. Long enough not to be guessed.
     */
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    /**
     * Origins (http://127.0.0.1:4000,…) the server may call although they are local or plain
     * http: a provider's stand-in on a developer's machine. Exact origins only; refused in
     * production, which never calls a local or private address.
     */
    OUTBOUND_ALLOW_LOCAL: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().refine((o) => {
            try {
              const u = new URL(o);
              return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === o.replace(/\/$/, '');
            } catch {
              return false;
            }
          }, 'must be a comma-separated list of origins (scheme://host:port, no path)'),
        ),
      )
      .default([]),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    const paymentMode = env.PAYMENT_MODE ?? (production ? 'live' : 'sandbox');
    const smsProvider = env.SMS_PROVIDER ?? (production ? 'termii' : 'console');
    if (paymentMode === 'live' && (!env.PAYSTACK_SECRET_KEY || !env.PAYSTACK_PUBLIC_KEY)) {
      const missing = ['PAYSTACK_SECRET_KEY', 'PAYSTACK_PUBLIC_KEY'].filter((k) => !env[k as keyof typeof env]);
      ctx.addIssue({
        code: 'custom',
        path: [missing[0] ?? 'PAYSTACK_SECRET_KEY'],
        message: `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required for live payments (PAYMENT_MODE=live${production && !env.PAYMENT_MODE ? ', the default in production' : ''})`,
      });
    }
    if (smsProvider === 'termii' && !env.TERMII_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TERMII_API_KEY'],
        message: `is required for real SMS (SMS_PROVIDER=termii${production && !env.SMS_PROVIDER ? ', the default in production' : ''})`,
      });
    }
    if (!production) return;
    if (env.OUTBOUND_ALLOW_LOCAL.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['OUTBOUND_ALLOW_LOCAL'],
        message: 'is for local development and tests only: production never calls a local address',
      });
    }
    if (env.SESSION_SECRET === DEV_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    }
    if (env.ALLOW_SANDBOX_IN_PRODUCTION) return;
    const staging = 'or set ALLOW_SANDBOX_IN_PRODUCTION=true for a staging site';
    if (paymentMode === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_MODE'],
        message: `sandbox payments are not allowed in production: set PAYMENT_MODE=live with the Paystack keys, ${staging}`,
      });
    }
    if (smsProvider === 'console') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message: `console SMS is not allowed in production: set SMS_PROVIDER=termii with TERMII_API_KEY, ${staging}`,
      });
    }
    if (env.SEED_DEMO) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: `demo data is not allowed in production: unset SEED_DEMO, ${staging}`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'PAYMENT_MODE' | 'SMS_PROVIDER' | 'NOTIFICATION_WORKER_MS'> & {
  PAYMENT_MODE: 'sandbox' | 'live';
  NOTIFICATION_WORKER_MS: number;
  SMS_PROVIDER: 'console' | 'termii';
  publicUrl: string;
  production: boolean;
  /** The Paystack emulator, the simulated transfer and the dev outbox exist (never in production unless opted in). */
  sandbox: boolean;
  /**
   * Production with ALLOW_SANDBOX_IN_PRODUCTION: a staging site. The sandbox's control routes
   * (dev outbox, emulator controls, simulated transfers) then answer only a staff CEO.
   */
  sandboxRestricted: boolean;
  seedDemo: boolean;
  /** Where the server's one Paystack client sends requests: the real API or the built-in emulator. */
  paystackBaseUrl: string;
  paystackSecretKey: string;
  paystackPublicKey: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * loadConfig for a process's start: a bad configuration is printed (its message names each
 * problem) and answers null, so the caller stops with its own exit code.
 */
export function loadConfigOrReport(source: Record<string, string | undefined> = process.env): Config | null {
  try {
    return loadConfig(source);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return null;
  }
}

/** Reads the environment once at start-up; a bad value stops the start with a message naming it. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const PAYMENT_MODE = env.PAYMENT_MODE ?? (production ? 'live' : 'sandbox');
  const SMS_PROVIDER = env.SMS_PROVIDER ?? (production ? 'termii' : 'console');
  const sandbox = PAYMENT_MODE === 'sandbox';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    PAYMENT_MODE,
    SMS_PROVIDER,
    NOTIFICATION_WORKER_MS: env.NOTIFICATION_WORKER_MS ?? (env.NODE_ENV === 'test' ? 0 : 2000),
    publicUrl,
    production,
    sandbox,
    sandboxRestricted: production && env.ALLOW_SANDBOX_IN_PRODUCTION,
    seedDemo: env.SEED_DEMO ?? !production,
    paystackBaseUrl: env.PAYSTACK_BASE_URL ?? (sandbox ? `${publicUrl}/sandbox/paystack` : 'https://api.paystack.co'),
    paystackSecretKey: env.PAYSTACK_SECRET_KEY ?? 'sk_test_arrive_sandbox_secret',
    paystackPublicKey: env.PAYSTACK_PUBLIC_KEY ?? 'pk_test_arrive_sandbox_public',
  };
}
