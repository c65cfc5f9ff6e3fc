import { Navigate, Route } from 'react-router';
import { BillingScreen } from '@/features/billing/screens/billing';
import { SettingsLayout } from '@/features/settings/components/settings-layout';
import { AccountsScreen } from '@/features/settings/screens/accounts';
import { NotificationSettingsScreen } from '@/features/settings/screens/notifications-settings';
import { PrivacySettingsScreen } from '@/features/settings/screens/privacy';
import { ProfileSettingsScreen } from '@/features/settings/screens/profile-settings';
import { SecurityScreen } from '@/features/settings/screens/security';

/** The seven settings sub-pages shared by buyers and suppliers (docs/product.md section 2). */
export function settingsRoutes(role: 'buyer' | 'supplier') {
  return (
    <Route path="settings" element={<SettingsLayout role={role} />}>
      <Route index element={<Navigate to="profile" replace />} />
      <Route path="profile" element={<ProfileSettingsScreen />} />
      <Route path="security" element={<SecurityScreen />} />
      <Route path="notifications" element={<NotificationSettingsScreen />} />
      <Route path="billing" element={<BillingScreen role={role} />} />
      <Route path="accounts" element={<AccountsScreen />} />
      <Route path="privacy" element={<PrivacySettingsScreen />} />
      <Route path="reset-password" element={<SecurityScreen variant="reset-password" />} />
    </Route>
  );
}
