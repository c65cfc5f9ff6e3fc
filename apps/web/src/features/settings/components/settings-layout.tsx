import { Bell, CreditCard, Lock, ShieldCheck, UserRound, Building2 } from 'lucide-react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

const PAGES = [
  { page: 'profile', label: 'Profile', icon: Building2 },
  { page: 'accounts', label: 'Accounts', icon: UserRound },
  { page: 'security', label: 'Security', icon: ShieldCheck },
  { page: 'notifications', label: 'Notifications', icon: Bell },
  { page: 'privacy', label: 'Privacy', icon: Lock },
  { page: 'billing', label: 'Billing', icon: CreditCard },
] as const;

/**
 * The frame of the settings sub-pages (docs/product.md section 2): the sidebar sub-menu lists Profile,
 * Accounts, Security and Billing; this strip reaches all of them, Notifications and Privacy too.
 * Reset password is the change-password form under Security.
 */
export function SettingsLayout({ role }: { role: 'buyer' | 'supplier' }) {
  const { pathname } = useLocation();
  const onReset = pathname === paths.settingsOf(role).resetPassword;
  return (
    <>
      <nav
        aria-label="Settings pages"
        className="-mx-4 mb-6 overflow-x-auto border-b border-ink-200 px-4 sm:mx-0 sm:px-0"
      >
        <ul className="flex min-w-max gap-1">
          {PAGES.map(({ page, label, icon: Icon }) => (
            <li key={page}>
              <NavLink
                to={paths.settingsOf(role)[page]}
                className={({ isActive }) =>
                  cn(
                    '-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive || (onReset && page === 'security')
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
