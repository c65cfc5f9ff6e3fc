import { AppShell } from './app-shell';
import { ADMIN_NAV } from './nav';

export function AdminLayout() {
  return <AppShell role="admin" nav={ADMIN_NAV} title="Admin" />;
}
