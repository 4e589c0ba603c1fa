import { z } from 'zod';

export const appDataSchema = z.object({
  company: z.object({ name: z.string(), _name: z.string() }),
  paymentMode: z.enum(['sandbox', 'live']),
  paystackPublicKey: z.string(),
  smsProvider: z.enum(['console', 'termii']),
  mapsMode: z.enum(['google', 'estimate']),
  currency: z.literal('NGN'),
  startedAt: z.string(),
});
export type AppData = z.infer<typeof appDataSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'disabled']),
});
export type Health = z.infer<typeof healthSchema>;
