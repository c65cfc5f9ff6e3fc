import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import {
  AppError,
  type Account,
  type DeleteAccountBody,
  type PrivacySettings,
  type SecurityActionBody,
  type SecurityState,
  type Session,
  type updateAccountBodySchema,
  type updatePrivacyBodySchema,
} from '@brickyard/shared';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/guard.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { newOpaqueToken } from '../../platform/auth/tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { createKeyLimiter } from '../../platform/http/rate-limit.ts';
import { insertAuditEvent } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { BillingService } from '../billing/billing.service.ts';
import { closeContractsOfDeletedUser } from '../deals/deals.service.ts';
import * as repo from './settings.repository.ts';
import * as tokens from '../auth/auth-tokens.service.ts';
import { bumpSessionVersion, findUserById } from '../users/users.service.ts';
import {
  accountDeletedMail,
  confirmNewEmailMail,
  emailChangeRequestedMail,
  twoFactorChangedMail,
} from './settings.mails.ts';
import {
  decryptSecret,
  encryptSecret,
  matchCode,
  newRecoveryCodes,
  newTotpSecret,
  verifySecondFactor,
} from './two-factor.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
const EXPORT_MAX_FILES = 500;
const EXPORT_MAX_FILE_BYTES = 200 * 1024 * 1024;

function toAccount(u: repo.UserRow): Account {
  return {
    id: u.id,
    role: u.role,
    firstName: u.firstName,
    lastName: u.lastName,
    companyName: u.companyName,
    email: u.email,
    pendingEmail: u.pendingEmail,
    phone: u.phone,
    emailVerified: !!u.emailVerifiedAt,
    createdAt: u.createdAt.toISOString(),
  };
}

const wrongPassword = () =>
  new AppError('VALIDATION_FAILED', 'Your current password is incorrect', [
    { path: 'password', message: 'Your current password is incorrect' },
  ]);
const wrongCode = (path = 'code') =>
  new AppError('VALIDATION_FAILED', 'That code is not valid. Check your authenticator app and try again.', [
    { path, message: 'Invalid code' },
  ]);

/**
 * Settings (docs/product.md section 2): Accounts (name, email with re-verification, phone, deletion),
 * Security (two-factor sign-in, sign out of every other session), Privacy (visibility, export).
 */
export function createSettingsService(ctx: AppContext, deps: { auth: AuthService; billing: BillingService }) {
  const { db, config, mailer, storage, log } = ctx;
  const codeAttempts = createKeyLimiter(ctx.db, 'settings-codes', 10, 15 * 60);

  async function liveUser(id: string): Promise<repo.UserRow> {
    const u = await findUserById(db, id);
    if (!u) throw new AppError('UNAUTHENTICATED', 'Please sign in');
    return u;
  }

  async function checkPassword(user: repo.UserRow, password: string): Promise<void> {
    await codeAttempts.consume(`pw:${user.id}`);
    if (!(await verifyPassword(user.passwordHash, password))) throw wrongPassword();
    await codeAttempts.reset(`pw:${user.id}`);
  }

  /** The current password, then (when two-factor sign-in is on) an authenticator or recovery code. */
  async function checkPasswordAndSecondFactor(
    user: repo.UserRow,
    body: { password?: string; code?: string },
  ): Promise<void> {
    if (!body.password)
      throw new AppError('VALIDATION_FAILED', 'Enter your current password', [
        { path: 'password', message: 'Required' },
      ]);
    await checkPassword(user, body.password);
    const tf = await repo.findTwoFactor(db, user.id);
    if (tf?.enabledAt) {
      if (!body.code)
        throw new AppError('VALIDATION_FAILED', 'Enter a code from your authenticator app', [
          { path: 'code', message: 'Required' },
        ]);
      const isTotp = /^\d{6}$/.test(body.code.replace(/\s+/g, ''));
      await checkSecondFactor(user.id, isTotp ? { code: body.code.replace(/\s+/g, '') } : { recoveryCode: body.code });
    }
  }

  /** An authenticator code, or (when allowed) a recovery code, for a user with 2FA on. */
  async function checkSecondFactor(
    userId: string,
    input: { code?: string; recoveryCode?: string },
    path = 'code',
  ): Promise<void> {
    await codeAttempts.consume(`2fa:${userId}`);
    const ok = await verifySecondFactor(db, config.jwtSecret, userId, input);
    if (!ok) throw wrongCode(path);
    await codeAttempts.reset(`2fa:${userId}`);
  }

  async function securityState(userId: string): Promise<SecurityState> {
    const tf = await repo.findTwoFactor(db, userId);
    return {
      twoFactorEnabled: !!tf?.enabledAt,
      twoFactorEnabledAt: tf?.enabledAt?.toISOString() ?? null,
      twoFactorSetupPending: !!tf && !tf.enabledAt,
      recoveryCodesRemaining: tf?.enabledAt ? await repo.countRecoveryCodes(db, userId) : 0,
      sessionLifetimeSeconds: config.jwtTtlSeconds,
    };
  }

  return {
    // ---- account ----

    async getAccount(caller: Principal): Promise<Account> {
      return toAccount(await liveUser(caller.id));
    },

    /**
     * PUT /api/settings/account: names and phone at once; a new email only once confirmed, and
     * only with the current password (and the second factor when on): a stolen session token
     * alone must not be enough to move the account to another mailbox.
     */
    async updateAccount(
      caller: Principal,
      body: z.output<typeof updateAccountBodySchema>,
    ): Promise<Account & { message: string }> {
      const user = await liveUser(caller.id);
      const newEmail =
        body.email !== undefined &&
        body.email.toLowerCase() !== user.email.toLowerCase() &&
        body.email.toLowerCase() !== user.pendingEmail?.toLowerCase();
      if (newEmail) await checkPasswordAndSecondFactor(user, body);
      let message = 'Your account details are saved.';
      // The confirmation mails are jobs written with the pending change (delivered after the commit).
      const deliveries: Array<() => Promise<void>> = [];
      const updated = await db.transaction(async (tx) => {
        const values: Parameters<typeof repo.updateUser>[2] = {};
        if (body.firstName !== undefined) values.firstName = body.firstName;
        if (body.lastName !== undefined) values.lastName = body.lastName;
        if (body.phone !== undefined) values.phone = body.phone;
        if (body.email !== undefined) {
          if (body.email.toLowerCase() === user.email.toLowerCase()) {
            // Back to the current address: any pending change is dropped.
            if (user.pendingEmail) {
              values.pendingEmail = null;
              await tokens.revokeTokens(tx, user.id, 'change_email');
            }
          } else if (body.email.toLowerCase() !== user.pendingEmail?.toLowerCase()) {
            if (await repo.emailTaken(tx, body.email, user.id)) {
              throw new AppError('EMAIL_TAKEN', 'An account with this email already exists', [
                { path: 'email', message: 'An account with this email already exists' },
              ]);
            }
            const { token, hash } = newOpaqueToken();
            const cancel = newOpaqueToken();
            await tokens.revokeTokens(tx, user.id, 'change_email');
            await tokens.revokeTokens(tx, user.id, 'cancel_email_change');
            await tokens.insertToken(tx, {
              userId: user.id,
              purpose: 'change_email',
              tokenHash: hash,
              expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
            });
            await tokens.insertToken(tx, {
              userId: user.id,
              purpose: 'cancel_email_change',
              tokenHash: cancel.hash,
              expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
            });
            values.pendingEmail = body.email;
            const firstName = values.firstName ?? user.firstName;
            const url = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
            const cancelUrl = `${config.publicUrl}/verify-email?action=cancel-email-change&token=${encodeURIComponent(cancel.token)}`;
            deliveries.push(await mailer.queue(tx, { to: body.email, ...(await confirmNewEmailMail(firstName, url)) }));
            deliveries.push(
              await mailer.queue(tx, {
                to: user.email,
                ...(await emailChangeRequestedMail(firstName, body.email, cancelUrl)),
              }),
            );
            message = `We have sent a link to ${body.email}. Your email changes once you confirm it; until then sign in with ${user.email}.`;
          }
        }
        return Object.keys(values).length ? repo.updateUser(tx, user.id, values) : user;
      });
      for (const deliver of deliveries) await deliver();
      ctx.principals.invalidate(caller.id);
      return { ...toAccount(updated), message };
    },

    /**
     * DELETE /api/settings/account: erases personal data, keeps deals and reviews anonymised.
     * Open deals are cancelled, unfinished tenders withdrawn, the catalogue and files removed,
     * the subscription set to end, every session ended.
     */
    async deleteAccount(caller: Principal, body: DeleteAccountBody): Promise<{ message: string }> {
      if (caller.role === 'admin') throw new AppError('FORBIDDEN', 'An admin account is removed by another admin');
      const user = await liveUser(caller.id);
      await checkPasswordAndSecondFactor(user, body);
      try {
        await deps.billing.cancel(user.id);
      } catch (err) {
        if (!(err instanceof AppError)) log.warn({ err }, 'could not cancel the subscription of a deleted account');
      }
      const randomHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
      const goodbye = { to: user.email, ...(await accountDeletedMail(user.firstName)) };
      // The goodbye mail is a job written with the erasure (the outbox): mailed exactly when the
      // account is gone, delivered after the commit (the address is erased from the row itself).
      const { keys, deliver } = await db.transaction(async (tx) => {
        const locked = await repo.lockUser(tx, user.id);
        if (!locked) throw new AppError('UNAUTHENTICATED', 'Please sign in');
        await closeContractsOfDeletedUser(tx, user.id);
        for (const t of await repo.openTendersOf(tx, user.id)) {
          await repo.setTenderStatus(tx, t.id, 'cancelled');
          await insertAuditEvent(tx, {
            tenderId: t.id,
            actorId: user.id,
            action: 'status_changed',
            changes: { status: { from: t.status, to: 'cancelled' } },
          });
        }
        const erased = await repo.eraseUser(tx, user.id, randomHash);
        return { keys: erased, deliver: await mailer.queue(tx, goodbye) };
      });
      ctx.principals.invalidate(user.id);
      await Promise.all(
        keys.map((k) => storage.delete(k).catch((err) => log.warn({ err, key: k }, 'could not delete a stored file'))),
      );
      await storage
        .deletePrefix(user.id)
        .catch((err) => log.warn({ err }, 'could not delete the folder of a deleted account'));
      await deliver();
      return { message: 'Your account has been deleted.' };
    },

    // ---- security ----

    getSecurity: (caller: Principal) => securityState(caller.id),

    async securityAction(
      caller: Principal,
      body: SecurityActionBody,
    ): Promise<SecurityState & { secret?: string; otpauthUrl?: string; recoveryCodes?: string[]; session?: Session }> {
      const user = await liveUser(caller.id);
      const tf = await repo.findTwoFactor(db, user.id);
      switch (body.action) {
        case 'start_2fa': {
          if (tf?.enabledAt) throw new AppError('INVALID_STATE', 'Two-factor sign-in is already on');
          await checkPassword(user, body.password);
          const { secret, otpauthUrl } = newTotpSecret(user.email);
          await repo.upsertPendingTwoFactor(db, user.id, encryptSecret(config.jwtSecret, secret));
          return { ...(await securityState(user.id)), secret, otpauthUrl };
        }
        case 'confirm_2fa': {
          if (!tf) throw new AppError('INVALID_STATE', 'Start the set-up first');
          if (tf.enabledAt) throw new AppError('INVALID_STATE', 'Two-factor sign-in is already on');
          await codeAttempts.consume(`2fa:${user.id}`);
          const secret = decryptSecret(config.jwtSecret, tf.secretEnc);
          const step = secret ? await matchCode(secret, body.code) : null;
          if (step === null) throw wrongCode();
          const { codes, hashes } = newRecoveryCodes();
          const notice = { to: user.email, ...(await twoFactorChangedMail(user.firstName, true)) };
          // The security notice is a job written with the change (the outbox).
          const deliver = await db.transaction(async (tx) => {
            await repo.claimTimeStep(tx, user.id, step);
            await repo.enableTwoFactor(tx, user.id);
            await repo.replaceRecoveryCodes(tx, user.id, hashes);
            return mailer.queue(tx, notice);
          });
          await codeAttempts.reset(`2fa:${user.id}`);
          await deliver();
          return { ...(await securityState(user.id)), recoveryCodes: codes };
        }
        case 'disable_2fa': {
          if (!tf?.enabledAt) {
            if (tf) await repo.deleteTwoFactor(db, user.id); // an unfinished set-up
            if (!tf) throw new AppError('INVALID_STATE', 'Two-factor sign-in is not on');
            return securityState(user.id);
          }
          await checkPassword(user, body.password);
          if (!body.code && !body.recoveryCode) {
            throw new AppError('VALIDATION_FAILED', 'Enter a code from your authenticator app or a recovery code', [
              { path: 'code', message: 'Required' },
            ]);
          }
          await checkSecondFactor(
            user.id,
            { code: body.code, recoveryCode: body.code ? undefined : body.recoveryCode },
            body.code ? 'code' : 'recoveryCode',
          );
          const notice = { to: user.email, ...(await twoFactorChangedMail(user.firstName, false)) };
          const deliver = await db.transaction(async (tx) => {
            await repo.deleteTwoFactor(tx, user.id);
            return mailer.queue(tx, notice);
          });
          await deliver();
          return securityState(user.id);
        }
        case 'regenerate_recovery_codes': {
          if (!tf?.enabledAt) throw new AppError('INVALID_STATE', 'Two-factor sign-in is not on');
          await checkPassword(user, body.password);
          await checkSecondFactor(user.id, { code: body.code });
          const { codes, hashes } = newRecoveryCodes();
          await repo.replaceRecoveryCodes(db, user.id, hashes);
          return { ...(await securityState(user.id)), recoveryCodes: codes };
        }
        case 'sign_out_others': {
          await bumpSessionVersion(db, user.id);
          ctx.principals.invalidate(user.id);
          return { ...(await securityState(user.id)), session: await deps.auth.sessionFor(user.id) };
        }
      }
    },

    // ---- privacy ----

    async getPrivacy(caller: Principal): Promise<PrivacySettings> {
      const row = await repo.findPrivacy(db, caller.id);
      return {
        profileVisibility: row?.visibility ?? 'public',
        contactVisibility: row?.contactVisibility ?? 'counterparties',
      };
    },

    async updatePrivacy(caller: Principal, body: z.output<typeof updatePrivacyBodySchema>): Promise<PrivacySettings> {
      const v: { visibility?: 'public' | 'private'; contactVisibility?: 'counterparties' | 'members' } = {};
      if (body.profileVisibility) v.visibility = body.profileVisibility;
      if (body.contactVisibility) v.contactVisibility = body.contactVisibility;
      if (Object.keys(v).length) await repo.upsertPrivacy(db, caller.id, v);
      return this.getPrivacy(caller);
    },

    /** Everything stored about the caller, as one JSON document (secrets and hashes left out). */
    async exportData(caller: Principal): Promise<Record<string, unknown>> {
      const r = await repo.exportRows(db, caller.id);
      if (!r.user) throw new AppError('UNAUTHENTICATED', 'Please sign in');
      // (the search columns are the names again, lower-cased by PostgreSQL for people search)
      const { passwordHash: _p, sessionVersion: _s, searchText: _t, companySearchText: _c, ...account } = r.user;
      return {
        format: 'brickyard-export-v1',
        exportedAt: new Date().toISOString(),
        account,
        profile: r.profile ?? null,
        requirements: r.requirements ?? null,
        subscription: r.subscription ?? null,
        twoFactor: { enabled: !!r.twoFactorEnabledAt, enabledAt: r.twoFactorEnabledAt },
        projects: r.projects,
        portfolioItems: r.portfolio,
        documents: r.documents,
        tenders: r.tenders,
        catalogueItems: r.catalogueItems,
        contracts: r.contracts,
        reviewsGiven: r.reviewsGiven,
        reviewsReceived: r.reviewsReceived,
        notifications: r.notifications,
        files: r.files,
      };
    },

    /** The same as a ZIP: data.json plus the caller's uploaded files under files/. */
    async exportZip(caller: Principal): Promise<Readable> {
      const data = await this.exportData(caller);
      const archive = new ZipArchive({ zlib: { level: 6 } });
      archive.on('warning', (err) => log.warn({ err }, 'export archive warning'));
      archive.append(JSON.stringify(data, null, 2), { name: 'data.json' });
      const list = (data.files as Array<{ key: string; status: string; sizeBytes: number | null }>).filter(
        (f) => f.status === 'ready',
      );
      let total = 0;
      const skipped: string[] = [];
      for (const f of list.slice(0, EXPORT_MAX_FILES)) {
        total += f.sizeBytes ?? 0;
        if (total > EXPORT_MAX_FILE_BYTES) {
          skipped.push(f.key);
          continue;
        }
        const obj = await storage.get(f.key).catch(() => null);
        if (obj) archive.append(obj.stream, { name: `files/${f.key.split('/').slice(1).join('/')}` });
      }
      skipped.push(...list.slice(EXPORT_MAX_FILES).map((f) => f.key));
      if (skipped.length) {
        archive.append(
          `These files were too many or too large for one archive; download them from the app:\n${skipped.join('\n')}\n`,
          {
            name: 'files/README.txt',
          },
        );
      }
      void archive.finalize();
      return archive;
    },
  };
}
