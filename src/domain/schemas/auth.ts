import { z } from 'zod';
import { staffAccessValues, staffRoleValues } from '../enums';

export const staffRecordSchema = z.object({
  id: z.string(),
  role: z.enum(staffRoleValues),
  access: z.array(z.enum(staffAccessValues)),
  isCurrentStaff: z.boolean(),
  /** The shift the staff member is working now, if any. */
  shift: z.object({ id: z.string(), workingNow: z.boolean() }).nullable(),
});
export type StaffRecord = z.infer<typeof staffRecordSchema>;

export const authClientSchema = z.object({
  id: z.string(),
  phoneLocal: z.string(),
  phoneInternational: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
  staff: staffRecordSchema.nullable(),
});
export type AuthClient = z.infer<typeof authClientSchema>;

/** What GET /api/auth/cookie_auth answers (SPEC §3 auth state). */
export const authObjectSchema = z.object({
  isLogin: z.boolean(),
  isVerified: z.boolean(),
  clientId: z.string(),
  client: authClientSchema,
});
export type AuthObject = z.infer<typeof authObjectSchema>;
export const cookieAuthResponseSchema = z.object({ auth: authObjectSchema });
