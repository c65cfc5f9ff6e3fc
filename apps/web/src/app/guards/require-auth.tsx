import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ACCESS_TOASTS, gatedSettingsPath, homePathFor, type Role } from '@brickyard/shared';
import { isTokenLive } from '@/lib/jwt';
import { fetchSession } from '@/lib/refresh-session';
import { accessOf, clearSession, saveSession, useSession, wasQuietLogout, type StoredSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { paths } from '@/lib/paths';
import { sharedKeys } from '@/lib/query-keys';

/** Ends a missing or expired session: toast (unless the user just logged out), clear, go to /login. */
function LoginRedirect() {
  const location = useLocation();
  useEffect(() => {
    if (!wasQuietLogout()) notify.error(ACCESS_TOASTS.loginRequired, { id: 'login-required' });
    clearSession();
  }, []);
  return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
}

function GateRedirect({ to, message }: { to: string; message: string }) {
  useEffect(() => {
    notify.info(message, { id: 'access-gate' });
  }, [message]);
  return <Navigate to={to} replace />;
}

/**
 * On entering a buyer or supplier area, fetch a fresh session so approval and subscription are
 * current (admins are never gated, so they skip it). If the server disagrees about who is signed in
 * (another id or role than the stored one), the stored session is not trusted: it ends.
 */
function useSessionRefresh(session: StoredSession | null) {
  const navigate = useNavigate();
  const userId = session && session.role !== 'admin' ? session.id : null;
  const role = session?.role ?? null;
  const fresh = useQuery({
    queryKey: sharedKeys.auth.session(userId),
    queryFn: fetchSession,
    enabled: !!userId,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    if (!fresh.data || !userId) return;
    if (fresh.data.id === userId && fresh.data.role === role) {
      saveSession(fresh.data);
    } else {
      clearSession();
      notify.error(ACCESS_TOASTS.loginRequired, { id: 'login-required' });
      void navigate(paths.login, { replace: true });
    }
  }, [fresh.data, userId, role, navigate]);
}

/**
 * Route guard of docs/product.md sections 4–6: a live token, an allowed role, and for buyers and
 * suppliers approval plus an active subscription outside the settings pages.
 */
export function RequireAuth({ allowedRoles, children }: { allowedRoles: Role[]; children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const live = !!session && isTokenLive(session.token);
  useSessionRefresh(live && session && allowedRoles.includes(session.role) ? session : null);

  if (!session || !live) return <LoginRedirect />;
  if (!allowedRoles.includes(session.role)) return <Navigate to={homePathFor(session.role)} replace />;

  if (session.role !== 'admin') {
    const state = accessOf(session);
    const inSettings = location.pathname.startsWith(`/${session.role}/settings`);
    const target = gatedSettingsPath(session.role, state);
    if (target && state !== 'active' && !inSettings) return <GateRedirect to={target} message={ACCESS_TOASTS[state]} />;
  }
  return children ?? <Outlet />;
}
