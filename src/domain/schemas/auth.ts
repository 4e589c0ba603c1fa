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

/** What GET /api/auth/cookie_auth answers: the auth state of a signed-in client. */
export const authObjectSchema = z.object({
  isLogin: z.boolean(),
  isVerified: z.boolean(),
  clientId: z.string(),
  client: authClientSchema,
});
export type AuthObject = z.infer<typeof authObjectSchema>;
export const cookieAuthResponseSchema = z.object({ auth: authObjectSchema });

/** A phone number in either stored form: 0 + 10 digits or 234 + 10 digits. */
export const mobileNumberSchema = z
  .string()
  .trim()
  .regex(/^(?:0\d{10}|234\d{10})$/, 'Mobile number format is not correct');

/** POST /api/auth/signup and /api/auth/login (phoneNumber, sent in the international form). */
export const phoneLoginBodySchema = z.object({ phoneNumber: mobileNumberSchema });
export type PhoneLoginBody = z.infer<typeof phoneLoginBodySchema>;

/**
 * What signup, login and a code request answer: whose code was sent, for the verification
 * screen's navigation state. The session itself only starts when the code is confirmed.
 */
export const authResultSchema = z.object({
  clientId: z.string(),
  isLogin: z.literal(false),
  isVerified: z.boolean(),
  /** The number the code went to, local form (0…). */
  mobileNumber: z.string(),
  phoneInternational: z.string(),
  /** When the code sent now stops working (ISO). */
  otpExpiresAt: z.string(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

/** POST /api/auth/opt_request: the resend is sent with an empty payload. */
export const otpRequestBodySchema = z
  .object({ mobileNumber: mobileNumberSchema.optional() })
  .nullish()
  .transform((b) => b ?? {});

/** POST /api/auth/opt_by_client. */
export const otpByClientBodySchema = z.object({ clientId: z.uuid() });

export const otpCodeSchema = z.string().regex(/^\d{6}$/, 'The code is 6 digits');
/**
 * POST /api/auth/opt_confirmation. The web sends only optCode; the server knows whose code it is
 * from the pending-verification cookie, which it requires. mobileNumber, when given, must be
 * the number that sign-in was started for.
 */
export const otpConfirmationBodySchema = z.object({
  optCode: otpCodeSchema,
  mobileNumber: mobileNumberSchema.optional(),
});
export type OtpConfirmationBody = z.infer<typeof otpConfirmationBodySchema>;

/** POST /api/auth/refresh_token: the refresh token normally travels in its httpOnly cookie. */
export const refreshTokenBodySchema = z
  .object({ refreshToken: z.string().min(1).max(200).optional() })
  .nullish()
  .transform((b) => b ?? {});

export const okResponseSchema = z.object({ success: z.literal(true) });

const optionalName = z
  .string()
  .trim()
  .max(60, 'At most 60 characters')
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** GET /api/auth/profile. The phone is the identity and cannot be changed here. */
export const profileSchema = z.object({
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
  phoneLocal: z.string(),
  phoneInternational: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PUT /api/auth/profile: the fields to change, each on its own (a field left out is left as it
 * is, so a phone that saves its last name does not erase the email another phone just saved);
 * an empty one is cleared.
 */
export const profileUpdateSchema = z.object({
  firstname: optionalName.optional(),
  lastname: optionalName.optional(),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address')
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .nullable()
    .optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
