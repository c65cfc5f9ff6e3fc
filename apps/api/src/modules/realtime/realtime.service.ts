import crypto from 'node:crypto';
import { AppError } from '@brickyard/shared';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { loadPrincipal } from '../users/users.service.ts';
import { countUnread } from '../notifications/notifications.service.ts';
import { unreadTotal } from '../messaging/messaging.service.ts';
import * as repo from './realtime.repository.ts';

/** A stream ticket lives this long and works once. */
export const TICKET_TTL_SECONDS = 60;

const hash = (ticket: string) => crypto.createHash('sha256').update(ticket).digest('hex');

export type RealtimeService = ReturnType<typeof createRealtimeService>;

export function createRealtimeService({ db, jwt }: AppContext) {
  const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in');
  return {
    /** POST /api/realtime/ticket: a random single-use ticket (only its hash is stored). */
    async issueTicket(me: Principal) {
      const ticket = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + TICKET_TTL_SECONDS * 1000);
      await repo.insertTicket(db, {
        ticketHash: hash(ticket),
        userId: me.id,
        sessionVersion: me.sessionVersion,
        expiresAt,
      });
      return { ticket, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The stream's caller: a bearer token (header) or a ticket (query). Same checks as the access
     * guard — a live session version and role — and no approval gate: everyone hears their
     * notifications (e.g. their approval).
     */
    async authenticate(authorization: string | undefined, ticket: string | undefined): Promise<Principal> {
      let userId: string | null;
      let claims: { role: string; sv: number } | null = null;
      let ticketVersion: number | null = null;
      if (authorization?.startsWith('Bearer ')) {
        const c = jwt.verify(authorization.slice(7).trim());
        userId = c.sub;
        claims = c;
      } else if (ticket) {
        const redeemed = await repo.redeemTicket(db, hash(ticket));
        userId = redeemed?.userId ?? null;
        ticketVersion = redeemed?.sessionVersion ?? null;
      } else userId = null;
      if (!userId) throw unauthenticated();
      const principal = await loadPrincipal(db, userId);
      if (!principal) throw unauthenticated();
      if (claims && (principal.sessionVersion !== claims.sv || principal.role !== claims.role)) throw unauthenticated();
      // A ticket issued to a session that has ended since (a password change within its minute)
      // opens nothing.
      if (ticketVersion !== null && principal.sessionVersion !== ticketVersion) throw unauthenticated();
      return principal;
    },

    /** The current session version of each live user among `ids` (a deleted user has none). */
    sessionVersions: (ids: string[]) => repo.sessionVersions(db, ids),

    /** What a fresh stream starts with: the caller's unread totals. */
    async unread(userId: string) {
      const [messages, notifications] = await Promise.all([unreadTotal(db, userId), countUnread(db, userId)]);
      return { messages, notifications };
    },
  };
}
