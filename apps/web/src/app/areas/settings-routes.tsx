import { Navigate, Route } from 'react-router';
import { BillingScreen } from '@/features/billing/screens/billing';
import { SettingsLayout } from '@/features/settings/components/settings-layout';
import { AccountsScreen } from '@/features/settings/screens/accounts';
import { NotificationSettingsScreen } from '@/features/settings/screens/notifications-settings';
import { PrivacySettingsScreen } from '@/features/settings/screens/privacy';
import { ProfileSettingsScreen } from '@/features/settings/screens/profile-settings';
import { SecurityScreen } from '@/features/settings/screens/security';
import { routes } from '@/lib/paths';

/** The seven settings sub-pages shared by buyers and suppliers (docs/product.md section 2). */
export function settingsRoutes(role: 'buyer' | 'supplier') {
  return (
    <Route path={routes.settings.root} element={<SettingsLayout role={role} />}>
      <Route index element={<Navigate to={routes.settings.profile} replace />} />
      <Route path={routes.settings.profile} element={<ProfileSettingsScreen />} />
      <Route path={routes.settings.security} element={<SecurityScreen />} />
      <Route path={routes.settings.notifications} element={<NotificationSettingsScreen />} />
      <Route path={routes.settings.billing} element={<BillingScreen role={role} />} />
      <Route path={routes.settings.accounts} element={<AccountsScreen />} />
      <Route path={routes.settings.privacy} element={<PrivacySettingsScreen />} />
      <Route path={routes.settings.resetPassword} element={<SecurityScreen variant="reset-password" />} />
    </Route>
  );
}
