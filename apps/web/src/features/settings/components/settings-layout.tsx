import { Bell, CreditCard, Lock, ShieldCheck, UserRound, Building2 } from 'lucide-react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '@/lib/cn';

const PAGES = [
  { to: 'profile', label: 'Profile', icon: Building2 },
  { to: 'accounts', label: 'Accounts', icon: UserRound },
  { to: 'security', label: 'Security', icon: ShieldCheck },
  { to: 'notifications', label: 'Notifications', icon: Bell },
  { to: 'privacy', label: 'Privacy', icon: Lock },
  { to: 'billing', label: 'Billing', icon: CreditCard },
] as const;

/**
 * The frame of the settings sub-pages (docs/product.md section 2): the sidebar sub-menu lists Profile,
 * Accounts, Security and Billing; this strip reaches all of them, Notifications and Privacy too.
 * Reset password is the change-password form under Security.
 */
export function SettingsLayout({ role }: { role: 'buyer' | 'supplier' }) {
  const { pathname } = useLocation();
  const onReset = pathname.endsWith('/settings/reset-password');
  return (
    <>
      <nav
        aria-label="Settings pages"
        className="-mx-4 mb-6 overflow-x-auto border-b border-ink-200 px-4 sm:mx-0 sm:px-0"
      >
        <ul className="flex min-w-max gap-1">
          {PAGES.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={`/${role}/settings/${to}`}
                className={({ isActive }) =>
                  cn(
                    '-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive || (onReset && to === 'security')
                      ? 'border-brand-500 text-ink-900'
                      : 'border-transparent text-ink-500 hover:border-ink-300 hover:text-ink-800',
                  )
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
