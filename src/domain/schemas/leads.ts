// Leads of the public site: register-interest forms on the service and partner pages, and the
// rider / driver sign-up. The web validates with the same schemas the server uses.
import { z } from 'zod';
import { userMessages } from '../errors';
import { isNigerianPhone, normalizePhone } from '../phone';

/** Every service or partner page that carries a register-interest form (its path without '/'). */
export const leadServiceValues = [
  'ride',
  'home-delivery',
  'food-delivery',
  'grocery-delivery',
  'business',
  'restaurant',
  'driver',
  'restaurant-partner',
  'grocery-partner',
  'business-solutions',
  'service-1',
  'service-2',
] as const;
export type LeadService = (typeof leadServiceValues)[number];

/** Pages addressed to businesses: their form also asks for the business name. */
export const partnerLeadServices: readonly LeadService[] = [
  'food-delivery',
  'business',
  'restaurant',
  'restaurant-partner',
  'grocery-partner',
  'business-solutions',
];
export const isPartnerService = (service: LeadService) => partnerLeadServices.includes(service);

export const isLeadService = (value: string): value is LeadService =>
  (leadServiceValues as readonly string[]).includes(value);

export const leadMessages = {
  name: 'Enter your name (2 to 100 characters)',
  phone: 'Enter a Nigerian mobile number, e.g. 08031234567',
  city: 'Enter your city (2 to 60 characters)',
  businessName: 'Enter your business name',
  email: 'Enter a valid email address',
  passwordLength: 'Use a password of at least 8 characters',
  applicationExists: 'We already have an application with this phone number: we will be in touch.',
  rateLimited: 'Too many requests from this connection: please try again in a few minutes.',
} as const;

/** A number typed as 0… or 234…, kept only when it is a Nigerian mobile number; stored in the local form. */
export const nigerianMobileSchema = z
  .string()
  .trim()
  .transform((value) => normalizePhone(value.replace(/[\s-]/g, '')).local)
  .refine((local) => isNigerianPhone(local), { message: leadMessages.phone });

export const interestLeadBodySchema = z
  .object({
    service: z.enum(leadServiceValues),
    name: z.string().trim().min(2, leadMessages.name).max(100, leadMessages.name),
    phone: nigerianMobileSchema,
    city: z.string().trim().min(2, leadMessages.city).max(60, leadMessages.city),
    businessName: z.string().trim().max(120, leadMessages.businessName).optional(),
  })
  .superRefine((body, ctx) => {
    if (isPartnerService(body.service) && !body.businessName) {
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: leadMessages.businessName });
    }
  });
export type InterestLeadBody = z.input<typeof interestLeadBodySchema>;

export const applicationRoleValues = ['rider', 'driver'] as const;
export type ApplicationRole = (typeof applicationRoleValues)[number];

export type RiderSignupValues = {
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The rider / driver sign-up check: the form's two messages first ('Please fill all required fields', then
 * 'Passwords do not match'), then what a stored application needs. Returns the first problem, or null.
 */
export function validateRiderSignup(values: RiderSignupValues): string | null {
  const { fullName, email, phoneNumber, password, confirmPassword } = values;
  if (!fullName.trim() || !email.trim() || !phoneNumber.trim() || !password) return userMessages.riderMissingFields;
  if (password !== confirmPassword) return userMessages.riderPasswordMismatch;
  if (fullName.trim().length < 2 || fullName.trim().length > 100) return leadMessages.name;
  if (!EMAIL.test(email.trim()) || email.trim().length > 200) return leadMessages.email;
  if (!nigerianMobileSchema.safeParse(phoneNumber).success) return leadMessages.phone;
  if (password.length < 8 || password.length > 200) return leadMessages.passwordLength;
  return null;
}

/** The shape of a sign-up call; its content is checked by validateRiderSignup so the form's messages come first. */
export const applicationBodySchema = z.object({
  role: z.enum(applicationRoleValues),
  fullName: z.string().max(200).default(''),
  email: z.string().max(200).default(''),
  phoneNumber: z.string().max(40).default(''),
  password: z.string().max(200).default(''),
  confirmPassword: z.string().max(200).default(''),
});
export type ApplicationBody = z.input<typeof applicationBodySchema>;

export const leadKindValues = ['interest', 'application'] as const;
export type LeadKind = (typeof leadKindValues)[number];

export const leadReceiptSchema = z.object({
  id: z.string(),
  kind: z.enum(leadKindValues),
  service: z.string(),
  createdAt: z.string(),
});
export type LeadReceipt = z.infer<typeof leadReceiptSchema>;

/** What staff see of a lead: never the password hash. */
export const leadViewSchema = z.object({
  id: z.string(),
  kind: z.enum(leadKindValues),
  service: z.string(),
  name: z.string(),
  phone: z.string(),
  city: z.string().nullable(),
  businessName: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
  /** Set once, when a staff member marked the lead contacted: when, who, and their note. */
  contactedAt: z.string().nullable().optional(),
  contactedByName: z.string().nullable().optional(),
  contactNote: z.string().nullable().optional(),
});
export type LeadView = z.infer<typeof leadViewSchema>;

export const leadListQuerySchema = z.object({
  kind: z.enum(leadKindValues).optional(),
  service: z.string().max(40).optional(),
  /** open: not contacted yet; contacted: already contacted. */
  contact: z.enum(['open', 'contacted']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const leadListSchema = z.object({ leads: z.array(leadViewSchema), total: z.number().int() });
export type LeadList = z.infer<typeof leadListSchema>;

/** POST /api/leads/{id}/contacted: a staff member called the lead back. */
export const leadContactedBodySchema = z.object({
  note: z.string().trim().max(500, 'Keep the note under 500 characters').optional(),
});
export type LeadContactedBody = z.infer<typeof leadContactedBodySchema>;
