import { z } from 'zod';
import { staffAccessValues, staffRoleValues } from '../enums';

/** POST /api/staff/create and POST /api/app/add_employee: make a phone number's owner staff. */
export const createStaffBodySchema = z.object({
  /** Local (0 + 10 digits) or international (234 + 10 digits); the client is created when new. */
  phoneNumber: z.string().regex(/^(?:0\d{10}|234\d{10})$/, 'Mobile number format is not correct'),
  role: z.enum(staffRoleValues),
  access: z.array(z.enum(staffAccessValues)).min(1, 'Give at least one access').max(6),
  firstname: z.string().trim().min(1).max(80).optional(),
  lastname: z.string().trim().min(1).max(80).optional(),
  /** False ends the person's employment (they keep their client account). */
  isCurrentStaff: z.boolean().default(true),
  /**
   * The gas centers they work at. Left out: a new member works at the only center (or, with
   * several, where the person adding them works); an existing member keeps theirs.
   */
  centerIds: z.array(z.uuid('Unknown gas center')).min(1, 'Choose at least one gas center').max(50).optional(),
});
export type CreateStaffBody = z.input<typeof createStaffBodySchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  phoneLocal: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  role: z.enum(staffRoleValues),
  access: z.array(z.enum(staffAccessValues)),
  isCurrentStaff: z.boolean(),
  createdAt: z.string(),
  /**
   * The gas centers they work at (GET /api/centers names them). Always sent; optional for a copy
   * kept from before there were centers.
   */
  centerIds: z.array(z.string()).optional(),
  /** The shift they are working now, if any. */
  shift: z.object({ id: z.string(), startedAt: z.string() }).nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const createStaffResponseSchema = z.object({
  /** False when the person was already staff and their record was updated. */
  created: z.boolean(),
  clientCreated: z.boolean(),
  staff: staffMemberSchema,
});
export type CreateStaffResponse = z.infer<typeof createStaffResponseSchema>;

export const activeStaffResponseSchema = z.array(staffMemberSchema);
