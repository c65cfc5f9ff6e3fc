import { useState } from 'react';
import { type DashboardSelection } from '@brickyard/shared';
import { PeriodPicker } from '@/components/charts';
import { PageHeader } from '@/components/ui';
import { useSession } from '@/lib/session';
import { BuyerDashboardView } from '../components/buyer-dashboard';
import { SupplierDashboardView } from '../components/supplier-dashboard';

function Header({
  role,
  range,
  onRange,
}: {
  role: 'buyer' | 'supplier';
  range: DashboardSelection;
  onRange: (r: DashboardSelection) => void;
}) {
  const session = useSession();
  const first = session?.user.name.split(' ')[0] ?? '';
  return (
    <PageHeader
      title="Dashboard"
      eyebrow={first ? `Welcome back, ${first}` : undefined}
      description={
        role === 'buyer'
          ? 'Your tenders, matches, conversations and deals at a glance.'
          : 'Your catalogue, matches, live opportunities and deals at a glance.'
      }
      actions={<PeriodPicker value={range} onChange={onRange} />}
    />
  );
}

/** The signed-in home of a buyer or a supplier: the period picker and that role's figures. */
export function DashboardScreen({ role }: { role: 'buyer' | 'supplier' }) {
  const [range, setRange] = useState<DashboardSelection>({ range: '30d' });
  return (
    <>
      <Header role={role} range={range} onRange={setRange} />
      {role === 'buyer' ? <BuyerDashboardView range={range} /> : <SupplierDashboardView range={range} />}
    </>
  );
}
