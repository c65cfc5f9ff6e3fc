import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LifeBuoy, Lock, LogOut, Menu, MessageSquare, Bell, User, X, type LucideIcon } from 'lucide-react';
import { ACCESS_TOASTS, PLANS, type Role } from '@brickyard/shared';
import { LogoMark } from '@/components/brand/logo';
import { RealtimeProvider, useRealtime } from '@/components/realtime';
import { cn } from '@/lib/cn';
import { useLiveFeedAllowed } from '@/lib/current-plan';
import { initialsOf } from '@/lib/format';
import { accessOf, logout, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { logoutOnServer } from '@/features/auth/api/logout';
import { ContactUsModal } from '@/features/contact/components/contact-us-modal';
import { NotificationBell, useUnreadNotifications } from '@/features/notifications/components/notification-bell';
import { NotificationPanel } from '@/features/notifications/components/notification-panel';
import { paths } from '@/lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** match the path exactly (dashboards) */
  end?: boolean;
  children?: { label: string; to: string }[];
  /** settings stay reachable while the account is gated */
  ungated?: boolean;
  /** a feature of the higher plans: marked in the menu when the current plan lacks it */
  planFeature?: 'liveFeed';
}

interface AppShellProps {
  role: Role;
  nav: NavItem[];
  /** header title outside settings pages */
  title: string;
}

function SidebarContent({
  role,
  nav,
  onNavigate,
  onContact,
  onLogout,
}: {
  role: Role;
  nav: NavItem[];
  onNavigate: () => void;
  onContact: () => void;
  onLogout: () => void;
}) {
  const session = useSession();
  const location = useLocation();
  const state = role === 'admin' ? 'active' : accessOf(session);
  const gated = state !== 'active';

  const itemClass = (active: boolean, disabled = false) =>
    cn(
      'group flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
      disabled
        ? 'cursor-not-allowed text-ink-400'
        : active
          ? 'bg-white/10 text-white'
          : 'text-ink-300 hover:bg-white/5 hover:text-white',
    );

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center gap-2 px-5">
        <Link to={paths.dashboardOf(role)} className="flex items-center gap-2 rounded-md" onClick={onNavigate}>
          <LogoMark />
          <span className="text-lg font-bold tracking-tight text-white">Brickyard</span>
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        {gated && (
          <p id="nav-locked-hint" className="sr-only">
            {state === 'pending_approval'
              ? 'Available once your account has been approved.'
              : 'Available once you have an active subscription.'}
          </p>
        )}
        <ul className="space-y-0.5">
          {nav.map((item) => {
            const Icon = item.icon;
            const disabled = gated && !item.ungated;
            if (disabled) {
              // Looks disabled and does not navigate, but stays clickable so it can explain why (a toast).
              return (
                <li key={item.to}>
                  <a
                    href={item.to}
                    data-disabled="true"
                    aria-describedby="nav-locked-hint"
                    className={itemClass(false, true)}
                    onClick={(e) => {
                      e.preventDefault();
                      notify.info(ACCESS_TOASTS[state], { id: 'access-gate' });
                    }}
                  >
                    <Icon className="size-[1.1rem] shrink-0" aria-hidden="true" />
                    <span className="flex-1">{item.label}</span>
                    <Lock className="size-3.5 shrink-0" aria-hidden="true" />
                  </a>
                </li>
              );
            }
            if (item.children) {
              const inSection = location.pathname.startsWith(item.to.replace(/\/[^/]+$/, ''));
              return (
                <li key={item.to}>
                  <NavLink to={item.to} className={() => itemClass(inSection)} onClick={onNavigate}>
                    <Icon className="size-[1.1rem] shrink-0" aria-hidden="true" />
                    <span className="flex-1">{item.label}</span>
                    <ChevronDown
                      className={cn('size-4 transition-transform', inSection && 'rotate-180')}
                      aria-hidden="true"
                    />
                  </NavLink>
                  {inSection && (
                    <ul className="mt-0.5 mb-1 ml-[1.35rem] space-y-0.5 border-l border-white/10 pl-3">
                      {item.children.map((c) => (
                        <li key={c.to}>
                          <NavLink
                            to={c.to}
                            onClick={onNavigate}
                            className={({ isActive }) =>
                              cn(
                                'block rounded-md px-3 py-1.5 text-sm transition-colors',
                                isActive ? 'font-semibold text-brand-400' : 'text-ink-400 hover:text-white',
                              )
                            }
                          >
                            {c.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            }
            return (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  onClick={onNavigate}
                  className={({ isActive }) => itemClass(isActive)}
                >
                  <Icon className="size-[1.1rem] shrink-0" aria-hidden="true" />
                  <span className="flex-1">{item.label}</span>
                  {item.to.endsWith('/messages') && <UnreadMessagesBadge />}
                  {item.planFeature === 'liveFeed' && <GrowthFeatureMark />}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-white/10 p-3">
        {role !== 'admin' && (
          <button type="button" className={itemClass(false)} onClick={onContact}>
            <LifeBuoy className="size-[1.1rem] shrink-0" aria-hidden="true" />
            Contact Us
          </button>
        )}
        <button type="button" className={itemClass(false)} onClick={onLogout}>
          <LogOut className="size-[1.1rem] shrink-0" aria-hidden="true" />
          Logout
        </button>
      </div>
    </div>
  );
}

/** Unread messages in total, live from the realtime channel (its snapshot on connect, then every change). */
function UnreadMessagesBadge() {
  const count = useRealtime().unread.messages ?? 0;
  if (count <= 0) return null;
  return (
    <span
      data-testid="nav-unread-messages"
      className="rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white"
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function MobileAccountMenu({ role, onNotifications }: { role: Role; onNotifications: () => void }) {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const unread = useUnreadNotifications();
  const unreadMessages = useRealtime().unread.messages ?? 0;
  // On a phone the avatar is the way in to notifications and messages: it shows how many wait.
  const waiting = unread + (role === 'admin' ? 0 : unreadMessages);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    function onDown(e: MouseEvent) {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    }
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') setOpen(false);
    }
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const itemCls = 'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-ink-700 hover:bg-ink-50';
  return (
    <div ref={ref} className="relative md:hidden">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="relative flex items-center gap-1 rounded-full p-0.5 hover:bg-ink-100"
      >
        {/* The initials are a picture of the account; the button's name is the hidden text (a name in
            aria-label would differ from the visible initials, which voice control users would say). */}
        <span className="sr-only">{waiting > 0 ? `Account menu, ${waiting} unread` : 'Account menu'}</span>
        <span
          className="flex size-9 items-center justify-center rounded-full bg-ink-900 text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {initialsOf(session?.user.name)}
        </span>
        {waiting > 0 && (
          <span
            data-testid="avatar-unread"
            className="absolute -top-1 left-6 min-w-5 rounded-full bg-red-600 px-1 text-center text-[0.65rem] leading-5 font-bold text-white ring-2 ring-white"
            aria-hidden="true"
          >
            {waiting > 99 ? '99+' : waiting}
          </span>
        )}
        <ChevronDown className="size-4 text-ink-500" aria-hidden="true" />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute top-full right-0 z-40 mt-2 w-56 overflow-hidden rounded-xl border border-ink-200 bg-white py-1 shadow-pop"
        >
          <div className="border-b border-ink-100 px-4 py-2.5">
            <p className="truncate text-sm font-semibold text-ink-900">{session?.user.name}</p>
            <p className="truncate text-xs text-ink-500">{session?.user.email}</p>
          </div>
          <button
            type="button"
            role="menuitem"
            className={itemCls}
            onClick={() => {
              setOpen(false);
              onNotifications();
            }}
          >
            <Bell className="size-4 text-ink-500" aria-hidden="true" />
            <span className="flex-1">Notifications</span>
            {unread > 0 && (
              <span className="rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">{unread}</span>
            )}
          </button>
          {role !== 'admin' && (
            <>
              <Link role="menuitem" to={`/${role}/messages`} className={itemCls} onClick={() => setOpen(false)}>
                <MessageSquare className="size-4 text-ink-500" aria-hidden="true" />
                <span className="flex-1">Messages</span>
                <UnreadMessagesBadge />
              </Link>
              <Link
                role="menuitem"
                to={paths.settingsOf(role).profile}
                className={itemCls}
                onClick={() => setOpen(false)}
              >
                <User className="size-4 text-ink-500" aria-hidden="true" />
                Profile
              </Link>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function ProfileChip({ role }: { role: Role }) {
  const session = useSession();
  const name = session?.user.name || session?.user.email || 'Account';
  const content: ReactNode = (
    <>
      <span
        className="flex size-9 items-center justify-center rounded-full bg-ink-900 text-sm font-semibold text-white"
        aria-hidden="true"
      >
        {initialsOf(name)}
      </span>
      <span className="max-w-40 truncate text-sm font-medium text-ink-800">{name}</span>
    </>
  );
  if (role === 'admin') return <span className="hidden items-center gap-2.5 md:flex">{content}</span>;
  return (
    <Link
      to={paths.settingsOf(role).profile}
      className="hidden items-center gap-2.5 rounded-full py-0.5 pr-3 pl-0.5 hover:bg-ink-100 md:flex"
    >
      {content}
      {/* The name comes from the visible text (WCAG 2.5.3 label in name); this only adds the purpose. */}
      <span className="sr-only">, profile settings</span>
    </Link>
  );
}

/** The signed-in frame inside the user's realtime channel (one per user: a refreshed token keeps it, as tickets are fetched with the current token). */
export function AppShell(props: AppShellProps) {
  const session = useSession();
  return (
    <RealtimeProvider key={session?.id ?? ''} enabled={!!session}>
      <AppShellFrame {...props} />
    </RealtimeProvider>
  );
}

/** The signed-in frame: sidebar (a drawer below 1024 px), header with bell and profile. */
function AppShellFrame({ role, nav, title }: AppShellProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [drawer, setDrawer] = useState(false);
  const [contact, setContact] = useState(false);
  const [mobilePanel, setMobilePanel] = useState(false);
  const closeMobilePanel = useCallback(() => setMobilePanel(false), []);
  const headerTitle = location.pathname.startsWith(`/${role}/settings`) ? 'Settings' : title;

  useEffect(() => {
    if (!drawer) return;
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') setDrawer(false);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  function doLogout() {
    logoutOnServer();
    logout();
    qc.clear();
    void navigate(paths.login, { replace: true });
  }

  const sidebar = (
    <SidebarContent
      role={role}
      nav={nav}
      onNavigate={() => setDrawer(false)}
      onContact={() => {
        setDrawer(false);
        setContact(true);
      }}
      onLogout={doLogout}
    />
  );

  return (
    <div className="min-h-dvh bg-ink-50">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 bg-ink-900 lg:block">{sidebar}</aside>
      {drawer && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-ink-950/50" aria-hidden="true" onClick={() => setDrawer(false)} />
          <aside
            className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-ink-900 shadow-pop"
            aria-label="Navigation drawer"
          >
            <button
              type="button"
              aria-label="Close navigation"
              onClick={() => setDrawer(false)}
              className="absolute top-4 right-3 rounded-md p-1.5 text-ink-300 hover:bg-white/10 hover:text-white"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
            {sidebar}
          </aside>
        </div>
      )}
      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-ink-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            aria-label="Open navigation"
            aria-expanded={drawer}
            onClick={() => setDrawer(true)}
            className="-ml-1 rounded-lg p-2 text-ink-600 hover:bg-ink-100 lg:hidden"
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <p className="flex-1 truncate text-lg font-semibold text-ink-900" data-testid="header-title">
            {headerTitle}
          </p>
          <div className="relative flex items-center gap-2">
            <NotificationBell className="hidden md:block" />
            <ProfileChip role={role} />
            <MobileAccountMenu role={role} onNotifications={() => setMobilePanel(true)} />
            {mobilePanel && <NotificationPanel className="md:hidden" onClose={closeMobilePanel} />}
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
      {role !== 'admin' && <ContactUsModal open={contact} onClose={() => setContact(false)} />}
    </div>
  );
}

/** "Growth" beside a menu entry the current plan does not include (the live feed on Core). */
function GrowthFeatureMark() {
  if (useLiveFeedAllowed() !== false) return null;
  return (
    <span
      className="rounded bg-brand-500/15 px-1.5 py-0.5 text-[0.65rem] font-semibold tracking-wide text-brand-300 uppercase"
      title={`Part of the ${PLANS.GROWTH.name} and ${PLANS.PARTNER.name} plans`}
    >
      {PLANS.GROWTH.name}
    </span>
  );
}
