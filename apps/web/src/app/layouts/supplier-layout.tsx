import { AppShell } from './app-shell';
import { SUPPLIER_NAV } from './nav';

export function SupplierLayout() {
  return <AppShell role="supplier" nav={SUPPLIER_NAV} title="Supplier" />;
}
