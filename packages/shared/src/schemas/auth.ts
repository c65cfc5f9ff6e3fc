import { z } from 'zod';
import { BILLING_CYCLES, DEFAULT_CYCLE, DEFAULT_PLAN, PLAN_TYPES } from '../domain/plans.ts';
import { ROLES, SIGNUP_ROLES } from '../domain/roles.ts';
import { text } from './common.ts';

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }))
  .transform((e) => e.toLowerCase());

/** Password rules: long enough to resist guessing, short enough to hash cheaply. */
export const passwordSchema = z
  .string()
  .min(10, 'Use at least 10 characters')
  .max(128, 'Use at most 128 characters')
  .refine((p) => /[a-zA-Z]/.test(p) && /[0-9]/.test(p), 'Use letters and at least one number');

export const registerBodySchema = z.object({
  firstName: text(80),
  lastName: text(80),
  companyName: text(160),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+0-9 ()-]*$/, 'Use digits, spaces, +, ( ) and - only')
    .optional(),
  password: passwordSchema,
  userRole: z.enum(SIGNUP_ROLES),
  planType: z.enum(PLAN_TYPES).default(DEFAULT_PLAN),
  billingCycle: z.enum(BILLING_CYCLES).default(DEFAULT_CYCLE),
  acceptTerms: z.literal(true, { message: 'Accept the terms to continue' }),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The answer to a sign-up, the same for a new address and a registered one. */
export const registerResultSchema = z.object({ id: z.uuid(), email: z.string(), message: z.string() });
export type RegisterResult = z.infer<typeof registerResultSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The stored session of docs/product.md section 3, exactly as the login answers it. */
export const sessionSchema = z.object({
  token: z.string(),
  role: z.enum(ROLES),
  id: z.uuid(),
  user: z.object({ name: z.string(), email: z.string() }),
  approved: z.boolean(),
  hasActiveSubscription: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resendVerificationBodySchema = z.object({ email: emailSchema });

export const forgotPasswordValidationBodySchema = z.object({
  userId: z.uuid(),
  token: z.string().min(10).max(200),
  newPassword: passwordSchema,
});
export type ForgotPasswordValidationBody = z.input<typeof forgotPasswordValidationBodySchema>;

export const resetPasswordBodySchema = z.object({
  password: z.string().min(1).max(256),
  newPassword: passwordSchema,
});

export const verifyEmailQuerySchema = z.object({ token: z.string().min(10).max(200) });

export const messageResultSchema = z.object({ data: z.object({ message: z.string() }) });
