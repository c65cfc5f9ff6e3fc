import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './settings.repository.ts';

/**
 * Two-factor sign-in with an authenticator app: TOTP (RFC 6238, SHA-1, 6 digits, 30 s — what
 * every authenticator app speaks) via otplib, plus ten one-time recovery codes.
 *
 * - The secret is stored encrypted (AES-256-GCM, key derived from the JWT secret by HKDF), so a
 *   database dump alone does not yield working codes.
 * - A code's time step is recorded when it is accepted; the same code (or an older one) is
 *   refused afterwards (replay).
 * - Recovery codes are 10 random base32 characters (50 bits), stored as SHA-256.
 */

export const ISSUER = 'Brickyard';
const PERIOD = 30;
/** one step either side, for clocks that drift */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

function keyFrom(jwtSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', jwtSecret, 'brickyard-two-factor', 'totp-secret-v1', 32));
}

export function encryptSecret(jwtSecret: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFrom(jwtSecret), iv);
  const enc = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), enc.toString('base64url')].join(
    '.',
  );
}

export function decryptSecret(jwtSecret: string, stored: string): string | null {
  const [v, iv, tag, enc] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || !enc) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyFrom(jwtSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(enc, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label, secret, period: PERIOD }) };
}

/** The time step a code matches, or null. */
export async function matchCode(secret: string, code: string, afterTimeStep?: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      period: PERIOD,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterTimeStep !== null && afterTimeStep !== undefined ? { afterTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function recoveryCode(): string {
  const chars = Array.from(crypto.randomBytes(10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function hashRecoveryCode(code: string): string {
  return crypto
    .createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
}

export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export async function isTwoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await repo.findTwoFactor(db, userId);
  return !!row?.enabledAt;
}

/**
 * Checks a second factor for a user with two-factor sign-in on: an authenticator code (not
 * used before) or an unused recovery code, which is then spent.
 */
export async function verifySecondFactor(
  db: DbOrTx,
  jwtSecret: string,
  userId: string,
  input: { code?: string; recoveryCode?: string },
): Promise<'code' | 'recovery' | null> {
  const row = await repo.findTwoFactor(db, userId);
  if (!row?.enabledAt) return null;
  if (input.code) {
    const secret = decryptSecret(jwtSecret, row.secretEnc);
    if (!secret) return null;
    const step = await matchCode(secret, input.code, row.lastTimeStep);
    if (step === null) return null;
    return (await repo.claimTimeStep(db, userId, step)) ? 'code' : null;
  }
  if (input.recoveryCode) {
    return (await repo.consumeRecoveryCode(db, userId, hashRecoveryCode(input.recoveryCode))) ? 'recovery' : null;
  }
  return null;
}
