import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Match } from '@brickyard/shared';
import { getSession } from '@/lib/session';
import { paths } from '@/lib/paths';

export type MatchViewer = 'buyer' | 'supplier';

/** Where opening a match goes: a route (with state), or the in-place catalogue item dialog. */
export type MatchTarget = { kind: 'route'; to: string; state?: unknown } | { kind: 'dialog'; itemId: string };

/**
 * docs/product.md section 2: the detail screens show Connect only when navigation came from the connect
 * page, marked by `state.from === 'connect'` (catalogue-item.tsx reads it); Connect opens the
 * role's messages with `state.userId`, the other party's user id.
 */
export function matchTarget(match: Match, viewer: MatchViewer, fromConnect: boolean): MatchTarget {
  const c = match.counterpart;
  const state = fromConnect ? { from: 'connect' } : undefined;
  if (c.kind === 'tender') return { kind: 'route', to: paths[viewer].tender(c.id), state };
  // Buyers have no catalogue route of their own (docs/product.md section 2): the item opens in a dialog.
  if (viewer === 'buyer') return { kind: 'dialog', itemId: c.id };
  const mine = c.userId === getSession()?.id;
  return { kind: 'route', to: paths.supplier.catalogueItem(c.id), state: mine ? undefined : state };
}

/** What a conversation opened from a match is about (messages accepts one subject). */
export type ConnectAbout = { tenderId?: string; catalogueItemId?: string };

/** The tender of a match when there is one, else the catalogue item. */
export function aboutMatch(match: Match, subject?: { kind: 'tender' | 'catalogue_item'; id: string }): ConnectAbout {
  const c = match.counterpart;
  if (c.kind === 'tender') return { tenderId: c.id };
  if (subject?.kind === 'tender') return { tenderId: subject.id };
  return { catalogueItemId: c.id };
}

export type ConnectFn = (userId: string, about?: ConnectAbout) => void;

/** Connect: the role's messages, opened on the other party (`state.userId`) and what it is about. */
export function useConnect(viewer: MatchViewer): ConnectFn {
  const navigate = useNavigate();
  return useCallback(
    (userId: string, about?: ConnectAbout) => void navigate(`/${viewer}/messages`, { state: { userId, ...about } }),
    [navigate, viewer],
  );
}

export const isOwnListing = (match: Match) => match.counterpart.userId === getSession()?.id;
