import { AppShell } from './app-shell';
import { BUYER_NAV } from './nav';

export function BuyerLayout() {
  return <AppShell role="buyer" nav={BUYER_NAV} title="Buyer" />;
}
