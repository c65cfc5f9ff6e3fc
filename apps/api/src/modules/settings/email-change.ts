import { AppError } from '@brickyard/shared';
import type { Db } from '../../db/client.ts';
import * as repo from './settings.repository.ts';
import { bumpSessionVersion } from '../users/users.service.ts';
import * as tokens from '../auth/auth-tokens.service.ts';

/*
 * The two links of an email change, mailed by Settings › Account: the new address confirms it, the
 * old one cancels it. GET /api/auth/verify-email falls back to these when its token is not a
 * sign-up verification, so they live apart from the settings service (auth needs them; settings
 * needs auth's sessions).
 */

/**
 * Confirms an email change from the link mailed to the new address (GET /api/auth/verify-email
 * falls back to this). Answers the user id, or null when the token is not an email-change token.
 */
export async function confirmEmailChange(db: Db, tokenHash: string): Promise<{ userId: string } | null> {
  return db.transaction(async (tx) => {
    const used = await tokens.consumeToken(tx, tokenHash, 'change_email');
    if (!used) return null;
    const user = await repo.lockUser(tx, used.userId);
    if (!user?.pendingEmail) return null;
    if (await repo.emailTaken(tx, user.pendingEmail, user.id)) {
      throw new AppError('EMAIL_TAKEN', 'Another account now uses this email address');
    }
    await repo.updateUser(tx, user.id, { email: user.pendingEmail, pendingEmail: null, emailVerifiedAt: new Date() });
    return { userId: user.id };
  });
}

/**
 * Cancels a pending email change from the link mailed to the old address (GET
 * /api/auth/verify-email falls back to this): the pending address is dropped and every session
 * ends, in case the change was asked for with a stolen session. Null when the token is not one.
 */
export async function cancelEmailChange(db: Db, tokenHash: string): Promise<{ userId: string } | null> {
  return db.transaction(async (tx) => {
    const used = await tokens.consumeToken(tx, tokenHash, 'cancel_email_change');
    if (!used) return null;
    const user = await repo.lockUser(tx, used.userId);
    if (!user) return null;
    await tokens.revokeTokens(tx, user.id, 'change_email');
    if (user.pendingEmail) await repo.updateUser(tx, user.id, { pendingEmail: null });
    await bumpSessionVersion(tx, user.id);
    return { userId: user.id };
  });
}
