import crypto from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { isNotificationKind, type NotificationKind } from '@brickyard/shared';
import type { Config } from '../../config.ts';

/**
 * One-click unsubscribe (RFC 8058) for the mails people did not ask for one by one: the
 * notification digest and the live-feed alerts. The link carries a signed token (HS256 JWT with
 * its own key derived from JWT_SECRET, audience `mail-unsubscribe`, no expiry: an old mail's link
 * must keep working) naming the user and what to turn off: one notification kind, or `digest`
 * for every kind the digest mails.
 */
export type UnsubscribeScope = NotificationKind | 'digest';
export interface UnsubscribeClaims {
  userId: string;
  scope: UnsubscribeScope;
}

const AUDIENCE = 'mail-unsubscribe';
const keyOf = (jwtSecret: string) =>
  crypto.createHmac('sha256', jwtSecret).update('brickyard/mail-unsubscribe/v1').digest('hex');

export function createUnsubscribeTokens(jwtSecret: string) {
  const key = keyOf(jwtSecret);
  const signer = createSigner({ key, algorithm: 'HS256', aud: AUDIENCE, noTimestamp: true });
  const verifier = createVerifier({ key, algorithms: ['HS256'], allowedAud: AUDIENCE, cache: 1000 });
  return {
    sign: (c: UnsubscribeClaims) => signer({ sub: c.userId, scope: c.scope }),
    /** The claims of a genuine token; null for a forged, damaged or foreign one. */
    verify(token: string): UnsubscribeClaims | null {
      try {
        const p = verifier(token) as { sub?: unknown; scope?: unknown };
        if (typeof p.sub !== 'string' || !(p.scope === 'digest' || isNotificationKind(p.scope))) return null;
        return { userId: p.sub, scope: p.scope };
      } catch {
        return null;
      }
    },
  };
}

const cache = new Map<string, ReturnType<typeof createUnsubscribeTokens>>();
export function unsubscribeTokens(jwtSecret: string) {
  let t = cache.get(jwtSecret);
  if (!t) cache.set(jwtSecret, (t = createUnsubscribeTokens(jwtSecret)));
  return t;
}

/** The one-click link of a mail: GET shows a confirmation page, POST unsubscribes. */
export function unsubscribeUrl(config: Pick<Config, 'publicUrl' | 'jwtSecret'>, claims: UnsubscribeClaims): string {
  return `${config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeTokens(config.jwtSecret).sign(claims))}`;
}

/** The headers that make Gmail, Outlook and Apple Mail show their own Unsubscribe button. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
