import crypto from 'node:crypto';
import {
  AppError,
  type Session,
  type forgotPasswordValidationBodySchema,
  type loginBodySchema,
  type registerBodySchema,
  type resetPasswordBodySchema,
} from '@brickyard/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/auth/tokens.ts';
import { accountExistsMail, resetPasswordMail, verifyEmailMail } from '../../platform/mail/templates.ts';
import { createKeyLimiter } from '../../platform/http/rate-limit.ts';
import * as tokens from './auth-tokens.repository.ts';
import * as users from '../users/users.service.ts';
import { cancelEmailChange, confirmEmailChange } from '../settings/email-change.ts';
import { isTwoFactorEnabled, verifySecondFactor } from '../settings/two-factor.ts';

const VERIFY_TTL_MS = 48 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
/** How long the second step of a two-factor sign-in may take. */
const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(ctx: AppContext) {
  const { db, config, mailer, jwt } = ctx;
  // Per-account limits; per-IP limits sit on the routes.
  const loginFailures = createKeyLimiter(db, 'login', config.loginAttemptsPer15Min, 15 * 60);
  const forgotPerEmail = createKeyLimiter(db, 'forgot-password', 5, 15 * 60);
  const resendPerEmail = createKeyLimiter(db, 'resend-verification', 5, 15 * 60);
  const twoFactorFailures = createKeyLimiter(db, 'login-2fa', config.loginAttemptsPer15Min, 15 * 60);

  /**
   * Writes a fresh verification token and the job of its mail in `tx` (the outbox: the mail exists
   * exactly when the token does). Returns the delivery attempt to make after the commit; when SMTP
   * is down it fails quietly and the job retries, so the caller's answer does not depend on SMTP.
   */
  async function queueVerification(tx: DbOrTx, user: Pick<users.UserRow, 'id' | 'email' | 'firstName'>) {
    const { token, hash } = newOpaqueToken();
    const url = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    const mail = await verifyEmailMail(user.firstName, url);
    await tokens.revokeTokens(tx, user.id, 'verify_email');
    await tokens.insertToken(tx, {
      userId: user.id,
      purpose: 'verify_email',
      tokenHash: hash,
      expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
    });
    return mailer.queue(tx, { to: user.email, ...mail });
  }

  async function sendVerification(user: users.UserRow): Promise<void> {
    const deliver = await db.transaction((tx) => queueVerification(tx, user));
    await deliver();
  }

  /** The stored session of docs/product.md section 3, freshly read from the database. */
  async function sessionFor(userId: string): Promise<Session> {
    const principal = await users.loadPrincipal(db, userId);
    if (!principal) throw new AppError('UNAUTHENTICATED', 'Please sign in');
    return sessionOf(principal);
  }

  /**
   * The session of a caller the access guard has just loaded: as fresh as every other check of
   * this request (the guard's cache lives AUTH_CACHE_MS and is cleared by approvals, plan changes
   * and password changes), without a second query — GET /api/auth/session is a hot read.
   */
  function sessionOf(principal: Principal, signedInAt?: number): Session {
    // A renewal keeps the time of the sign-in it comes from; past SESSION_MAX_SECONDS the password
    // is asked again, so a token (a stolen one too) cannot be renewed forever.
    if (signedInAt !== undefined && Date.now() / 1000 - signedInAt > config.sessionMaxSeconds) {
      throw new AppError('SESSION_EXPIRED', 'Your session has expired, please sign in again');
    }
    return {
      token: jwt.sign({ sub: principal.id, role: principal.role, sv: principal.sessionVersion, at: signedInAt }),
      role: principal.role,
      id: principal.id,
      user: { name: principal.name, email: principal.email },
      approved: principal.approved,
      hasActiveSubscription: principal.hasActiveSubscription,
    };
  }

  return {
    async register(input: z.output<typeof registerBodySchema>) {
      const accepted = (id: string) => ({
        id,
        email: input.email,
        message: 'Account created. Check your email to confirm your address.',
      });
      // An address already registered gets the same answer as a new one (the answer must not tell
      // who has an account here); its owner is mailed instead, with the ways back in.
      const mailOwner = async (owner: users.UserRow) => {
        const mail = {
          to: owner.email,
          ...(await accountExistsMail(
            owner.firstName,
            `${config.publicUrl}/login`,
            `${config.publicUrl}/forgot-password`,
          )),
        };
        // Nothing changes here but the mail's job (written on its own); a failure to write it is
        // logged, not answered, so the answer still does not tell who has an account.
        await db
          .transaction((tx) => mailer.queue(tx, mail))
          .then((deliver) => deliver())
          .catch((err: unknown) => ctx.log.warn({ err }, 'could not mail the owner of an address registered again'));
        return accepted(crypto.randomUUID());
      };
      const existing = await users.findUserByEmail(db, input.email);
      const passwordHash = await hashPassword(input.password); // hashed either way: the same time taken
      if (existing) return mailOwner(existing);
      // The account, its verification token and the mail's job commit together: a mail server that
      // is down delays the mail, never the sign-up (and a retried sign-up never half-exists).
      let created: { user: users.UserRow; deliver: () => Promise<void> };
      try {
        created = await db.transaction(async (tx) => {
          const user = await users.insertUser(tx, {
            email: input.email,
            passwordHash,
            role: input.userRole,
            firstName: input.firstName,
            lastName: input.lastName,
            companyName: input.companyName,
            phone: input.phone || null,
            selectedPlan: input.planType,
            selectedCycle: input.billingCycle,
          });
          return { user, deliver: await queueVerification(tx, user) };
        });
      } catch (err) {
        // Two sign-ups racing for one email: the unique index decides.
        if (
          (err as { cause?: { code?: string } }).cause?.code === '23505' ||
          (err as { code?: string }).code === '23505'
        ) {
          const owner = await users.findUserByEmail(db, input.email);
          if (owner) return mailOwner(owner);
        }
        throw err;
      }
      await created.deliver();
      return accepted(created.user.id);
    },

    async verifyEmail(token: string) {
      const used = await db.transaction(async (tx) => {
        const row = await tokens.consumeToken(tx, hashOpaqueToken(token), 'verify_email');
        if (row) await users.markEmailVerified(tx, row.userId);
        return row;
      });
      if (!used) {
        // The same link page confirms a new address asked for in settings > account.
        const changed = await confirmEmailChange(db, hashOpaqueToken(token));
        if (changed) {
          ctx.principals.invalidate(changed.userId);
          return { message: 'Your new email address is confirmed. Use it to sign in from now on.' };
        }
        // ... and the link mailed to the old address cancels that change.
        const cancelled = await cancelEmailChange(db, hashOpaqueToken(token));
        if (cancelled) {
          ctx.principals.invalidate(cancelled.userId);
          return {
            message:
              'The email change is cancelled and every session of your account is signed out. Sign in and change your password if you did not ask for it.',
          };
        }
        // A confirmation link opened again (a second click, a mail scanner got there first): the
        // address is confirmed, so say so instead of calling the link invalid.
        if (await tokens.isVerifyLinkOfVerifiedUser(db, hashOpaqueToken(token))) {
          return { message: 'Your email address is already confirmed. You can sign in.' };
        }
        throw new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired');
      }
      return { message: 'Your email address is confirmed. You can now sign in.' };
    },

    async resendVerification(email: string) {
      await resendPerEmail.consume(email);
      const user = await users.findUserByEmail(db, email);
      if (user && !user.emailVerifiedAt) await sendVerification(user);
      return { message: 'If an unconfirmed account exists for this email, we have sent a new link.' };
    },

    async login(input: z.output<typeof loginBodySchema>): Promise<Session> {
      const key = input.email;
      // A locked account is refused before the password is looked at: after the limit, even the
      // right password answers 429 until the window closes (as the two-factor step does).
      await loginFailures.assertOpen(key);
      const user = await users.findUserByEmail(db, input.email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !ok) {
        await loginFailures.consume(key);
        throw new AppError('INVALID_CREDENTIALS', 'Email or password is incorrect');
      }
      if (!user.emailVerifiedAt) {
        throw new AppError(
          'EMAIL_NOT_VERIFIED',
          'Please confirm your email address first. We can send you a new link.',
        );
      }
      await loginFailures.reset(key);
      if (await isTwoFactorEnabled(db, user.id)) {
        // Password right; the session waits for the second factor (POST /api/auth/login/2fa).
        const { token, hash } = newOpaqueToken();
        await tokens.insertToken(db, {
          userId: user.id,
          purpose: 'two_factor_login',
          tokenHash: hash,
          expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_TTL_MS),
        });
        throw new AppError('TWO_FACTOR_REQUIRED', 'Enter the code from your authenticator app', [
          { path: 'challenge', message: token },
        ]);
      }
      return sessionFor(user.id);
    },

    /** POST /api/auth/login/2fa: the second step, with an authenticator code or a recovery code. */
    async loginTwoFactor(input: { challenge: string; code?: string; recoveryCode?: string }): Promise<Session> {
      const hash = hashOpaqueToken(input.challenge);
      const pending = await tokens.findToken(db, hash, 'two_factor_login');
      if (!pending) throw new AppError('INVALID_TOKEN', 'This sign-in has expired. Please sign in again.');
      await twoFactorFailures.consume(pending.userId);
      const ok = await verifySecondFactor(db, config.jwtSecret, pending.userId, input);
      if (!ok)
        throw new AppError(
          'INVALID_TWO_FACTOR_CODE',
          'That code is not valid. Check your authenticator app and try again.',
        );
      if (!(await tokens.consumeToken(db, hash, 'two_factor_login'))) {
        throw new AppError('INVALID_TOKEN', 'This sign-in has expired. Please sign in again.');
      }
      await twoFactorFailures.reset(pending.userId);
      return sessionFor(pending.userId);
    },

    async forgotPassword(email: string) {
      await forgotPerEmail.consume(email);
      const user = await users.findUserByEmail(db, email);
      if (user) {
        const { token, hash } = newOpaqueToken();
        const url = `${config.publicUrl}/reset-password-validation?token=${encodeURIComponent(token)}&userId=${user.id}`;
        const mail = await resetPasswordMail(user.firstName, url);
        // The token and its mail's job commit together (see queueVerification).
        const deliver = await db.transaction(async (tx) => {
          await tokens.revokeTokens(tx, user.id, 'reset_password');
          await tokens.insertToken(tx, {
            userId: user.id,
            purpose: 'reset_password',
            tokenHash: hash,
            expiresAt: new Date(Date.now() + RESET_TTL_MS),
          });
          return mailer.queue(tx, { to: user.email, ...mail });
        });
        await deliver();
      }
      // The same answer whether or not the account exists.
      return { message: 'If an account exists for this email, we have sent a link to reset the password.' };
    },

    async resetWithToken(input: z.output<typeof forgotPasswordValidationBodySchema>) {
      const passwordHash = await hashPassword(input.newPassword);
      const done = await db.transaction(async (tx) => {
        const row = await tokens.consumeToken(tx, hashOpaqueToken(input.token), 'reset_password');
        if (!row || row.userId !== input.userId) return false;
        await users.setPassword(tx, row.userId, passwordHash);
        // Following the reset link proves the mailbox, so the address counts as verified.
        await users.markEmailVerified(tx, row.userId);
        return true;
      });
      if (!done) throw new AppError('INVALID_TOKEN', 'This reset link is invalid or has expired');
      ctx.principals.invalidate(input.userId);
      return { message: 'Your password has been changed. You can now sign in.' };
    },

    async changePassword(userId: string, input: z.output<typeof resetPasswordBodySchema>): Promise<Session> {
      const user = await users.findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in');
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw new AppError('VALIDATION_FAILED', 'Your current password is incorrect', [
          { path: 'password', message: 'Your current password is incorrect' },
        ]);
      }
      if (input.password === input.newPassword) {
        throw new AppError('VALIDATION_FAILED', 'Choose a password you have not used here', [
          { path: 'newPassword', message: 'Choose a different password' },
        ]);
      }
      await users.setPassword(db, userId, await hashPassword(input.newPassword));
      ctx.principals.invalidate(userId);
      // Other sessions end; this one continues with a fresh token.
      return sessionFor(user.id);
    },

    /** POST /api/auth/logout: ends every session of the user (the session version moves on). */
    async logout(userId: string): Promise<void> {
      await users.bumpSessionVersion(db, userId);
      ctx.principals.invalidate(userId);
    },

    sessionFor,
    sessionOf,
  };
}
