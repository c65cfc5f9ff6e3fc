import { z } from 'zod';
import { emailSchema, sessionSchema } from './auth.ts';
import { CONTACT_VISIBILITIES, PROFILE_VISIBILITIES } from './profile.ts';

/**
 * Settings (docs/product.md section 2: Accounts, Security, Privacy). Profile settings are in
 * profile.ts; notifications and billing have their own files.
 */

// ---- account ----

/** PUT /api/settings/account. Other keys (role, approved, …) are dropped. */
export const updateAccountBodySchema = z.object({
  firstName: z.string().trim().min(1).max(80).optional(),
  lastName: z.string().trim().min(1).max(80).optional(),
  email: emailSchema.optional().describe('A new address is confirmed by a link mailed to it before it is used'),
  password: z.string().min(1).max(256).optional().describe('Your current password: required to change the email'),
  code: z
    .string()
    .trim()
    .max(20)
    .optional()
    .describe('Authenticator or recovery code: required to change the email when two-factor sign-in is on'),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+0-9 ()-]*$/, 'Use digits, spaces, +, ( ) and - only')
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
});
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;

export const accountSchema = z.object({
  id: z.uuid(),
  role: z.enum(['buyer', 'supplier', 'admin']),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  email: z.string(),
  pendingEmail: z.string().nullable().describe('Waiting for confirmation; sign-in still uses email'),
  phone: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountUpdateResultSchema = accountSchema.extend({ message: z.string() });

/** DELETE /api/settings/account: typed confirmation and the password (and a code when 2FA is on). */
export const deleteAccountBodySchema = z.object({
  confirm: z.literal('DELETE', { message: 'Type DELETE to confirm' }),
  password: z.string().min(1).max(256),
  code: z
    .string()
    .trim()
    .max(20)
    .optional()
    .describe('Authenticator or recovery code, required when two-factor sign-in is on'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

// ---- security ----

const totpCode = z
  .string()
  .trim()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'));
const recoveryCode = z.string().trim().min(8).max(20).describe('One of your recovery codes');

export const securityActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start_2fa'), password: z.string().min(1).max(256) }),
  z.object({ action: z.literal('confirm_2fa'), code: totpCode }),
  z.object({
    action: z.literal('disable_2fa'),
    password: z.string().min(1).max(256),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  }),
  z.object({ action: z.literal('regenerate_recovery_codes'), password: z.string().min(1).max(256), code: totpCode }),
  z.object({ action: z.literal('sign_out_others') }),
]);
export type SecurityActionBody = z.infer<typeof securityActionBodySchema>;

export const securityStateSchema = z.object({
  twoFactorEnabled: z.boolean(),
  twoFactorEnabledAt: z.string().nullable(),
  twoFactorSetupPending: z.boolean(),
  recoveryCodesRemaining: z.number().int(),
  sessionLifetimeSeconds: z.number().int(),
});
export type SecurityState = z.infer<typeof securityStateSchema>;

export const securityActionResultSchema = securityStateSchema.extend({
  /** start_2fa: the secret and the otpauth:// link to show as a QR code */
  secret: z.string().optional(),
  otpauthUrl: z.string().optional(),
  /** confirm_2fa and regenerate_recovery_codes: shown once, stored hashed */
  recoveryCodes: z.array(z.string()).optional(),
  /** sign_out_others: this device's new session (store it like a login) */
  session: sessionSchema.optional(),
});

/** POST /api/auth/login/2fa: completes a sign-in that answered TWO_FACTOR_REQUIRED. */
export const loginTwoFactorBodySchema = z
  .object({
    challenge: z.string().min(10).max(200),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((b) => !!b.code !== !!b.recoveryCode, { message: 'Send either code or recoveryCode', path: ['code'] });
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBodySchema>;

// ---- privacy ----

export const privacySettingsSchema = z.object({
  profileVisibility: z
    .enum(PROFILE_VISIBILITIES)
    .describe('private: only you, admins and your contract counterparties see your profile'),
  contactVisibility: z
    .enum(CONTACT_VISIBILITIES)
    .describe(
      'Who sees your name, email and phone: contract counterparties only, or every member who may see your profile',
    ),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const updatePrivacyBodySchema = privacySettingsSchema.partial();

export const EXPORT_FORMATS = ['json', 'zip'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });
