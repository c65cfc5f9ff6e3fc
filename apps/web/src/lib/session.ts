import { useSyncExternalStore } from 'react';
import {
  BILLING_CYCLES,
  accessStateOf,
  isRole,
  type AccessState,
  type BillingCycle,
  type Role,
  type Session,
  type SignupRole,
} from '@brickyard/shared';

/**
 * The stored session of docs/product.md section 3, kept in localStorage under exactly these keys:
 * token, role, id, user (JSON {name,email}), approved and hasActiveSubscription ("true"/"false").
 * pricingRole and billingCycle remember the visitor's pricing choices.
 */
export const SESSION_KEYS = ['token', 'role', 'id', 'user', 'approved', 'hasActiveSubscription'] as const;

export interface StoredSession {
  token: string;
  role: Role;
  id: string;
  user: { name: string; email: string };
  approved: boolean;
  hasActiveSubscription: boolean;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(): StoredSession | null {
  const s = storage();
  if (!s) return null;
  const token = s.getItem('token');
  const role = s.getItem('role');
  if (!token || !isRole(role)) return null;
  let user = { name: '', email: '' };
  try {
    const parsed = JSON.parse(s.getItem('user') ?? 'null') as Partial<StoredSession['user']> | null;
    if (parsed) user = { name: String(parsed.name ?? ''), email: String(parsed.email ?? '') };
  } catch {
    /* a damaged user entry only loses the display name */
  }
  return {
    token,
    role,
    id: s.getItem('id') ?? '',
    user,
    approved: s.getItem('approved') === 'true',
    hasActiveSubscription: s.getItem('hasActiveSubscription') === 'true',
  };
}

let snapshot: StoredSession | null = read();
const listeners = new Set<() => void>();
/** Set by an explicit logout so the route guard does not greet the user with "Please login". */
let quietLogout = false;

function emit() {
  snapshot = read();
  listeners.forEach((l) => l());
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (e) => {
    if (e.key === null || (SESSION_KEYS as readonly string[]).includes(e.key)) emit();
  });
}

export function getSession(): StoredSession | null {
  return snapshot;
}

export function getToken(): string | null {
  return storage()?.getItem('token') ?? null;
}

export function saveSession(session: Session): void {
  const s = storage();
  if (!s) return;
  s.setItem('token', session.token);
  s.setItem('role', session.role);
  s.setItem('id', session.id);
  s.setItem('user', JSON.stringify({ name: session.user.name, email: session.user.email }));
  s.setItem('approved', String(session.approved));
  s.setItem('hasActiveSubscription', String(session.hasActiveSubscription));
  quietLogout = false;
  emit();
}

/** docs/product.md section 8: token, role, id and user go (the access flags with them). */
export function clearSession(): void {
  const s = storage();
  if (s) SESSION_KEYS.forEach((k) => s.removeItem(k));
  emit();
}

export function logout(): void {
  quietLogout = true;
  clearSession();
}

export function wasQuietLogout(): boolean {
  return quietLogout;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function accessOf(session: StoredSession | null): AccessState {
  if (!session) return 'pending_approval';
  return accessStateOf(session);
}

// ---- remembered pricing choices -------------------------------------------------------------

export function getPricingRole(): SignupRole | null {
  const v = storage()?.getItem('pricingRole');
  return v === 'buyer' || v === 'supplier' ? v : null;
}
export function setPricingRole(role: SignupRole): void {
  storage()?.setItem('pricingRole', role);
}
export function getBillingCycle(): BillingCycle | null {
  const v = storage()?.getItem('billingCycle');
  return (BILLING_CYCLES as readonly string[]).includes(v ?? '') ? (v as BillingCycle) : null;
}
export function setBillingCycle(cycle: BillingCycle): void {
  storage()?.setItem('billingCycle', cycle);
}
