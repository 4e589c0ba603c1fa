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
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET),
    PAYMENT_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
    PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
    PAYSTACK_PUBLIC_KEY: z.string().min(1).optional(),
    PAYSTACK_BASE_URL: z.url().optional(),
    SMS_PROVIDER: z.enum(['console', 'termii']).default('console'),
    TERMII_API_KEY: z.string().min(1).optional(),
    TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
    TERMII_SENDER_ID: z.string().min(1).default('Arrive'),
    GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
    SEED_DEMO: bool.optional(),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (env.SESSION_SECRET === DEV_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    }
    if (env.PAYMENT_MODE === 'live' && (!env.PAYSTACK_SECRET_KEY || !env.PAYSTACK_PUBLIC_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYSTACK_SECRET_KEY'],
        message: 'PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY are required when PAYMENT_MODE=live',
      });
    }
    if (env.SMS_PROVIDER === 'termii' && !env.TERMII_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TERMII_API_KEY'], message: 'is required when SMS_PROVIDER=termii' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  publicUrl: string;
  production: boolean;
  sandbox: boolean;
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

/** Reads the environment once at start-up; a bad value stops the start with a message naming it. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const sandbox = env.PAYMENT_MODE === 'sandbox';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    publicUrl,
    production,
    sandbox,
    seedDemo: env.SEED_DEMO ?? !production,
    paystackBaseUrl: env.PAYSTACK_BASE_URL ?? (sandbox ? `${publicUrl}/sandbox/paystack` : 'https://api.paystack.co'),
    paystackSecretKey: env.PAYSTACK_SECRET_KEY ?? 'sk_test_arrive_sandbox_secret',
    paystackPublicKey: env.PAYSTACK_PUBLIC_KEY ?? 'pk_test_arrive_sandbox_public',
  };
}
