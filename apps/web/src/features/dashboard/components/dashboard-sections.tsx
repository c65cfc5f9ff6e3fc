import { type BuyerDashboard } from '@brickyard/shared';
import { describePeriod, formatBucket, formatBucketLong } from '@/components/charts';
import { formatMoneyPence } from '@/components/listing';
import { Alert, Button, Card, CardBody, CardHeader, CardTitle, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';

/** The parts both dashboards are built from: sections, loading and error states, figure formats. */

/** An average response time: hours under two days, days beyond. */
export const responseTimeText = (hours: number | null) =>
  hours === null
    ? '—'
    : hours < 48
      ? `${hours.toLocaleString('en-GB', { maximumFractionDigits: 1 })} h`
      : `${(hours / 24).toLocaleString('en-GB', { maximumFractionDigits: 1 })} days`;
/** Headline money in whole pounds (the exact figure is in the deals screen). */
export const wholePounds = (p: number) => formatMoneyPence(Math.round(p / 100) * 100);
export const compactPence = (p: number) =>
  p >= 100_000_000
    ? `£${(p / 100_000_000).toFixed(1)}m`
    : p >= 100_000
      ? `£${Math.round(p / 100_000)}k`
      : formatMoneyPence(p);

export function Section({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Card className="h-full">
      <CardHeader className="flex-nowrap! items-center">
        <CardTitle id={id} className="min-w-0">
          {title}
        </CardTitle>
        {action}
      </CardHeader>
      <CardBody>{children}</CardBody>
    </Card>
  );
}

export function Updating({ on }: { on: boolean }) {
  return on ? (
    <div className="mb-4 flex items-center gap-2 text-sm text-ink-500">
      <Spinner label="Updating your matches" />
      <span aria-hidden="true">Updating your matches…</span>
    </div>
  ) : null;
}

export function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert tone="danger" live title="We could not load your dashboard">
      {errorMessage(error)}{' '}
      <Button variant="link" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** The trend chart's period labels and description, from the answer (presets and custom alike). */
export function periodProps(d: Pick<BuyerDashboard, 'range' | 'period'>) {
  return {
    formatPeriod: (p: string) => formatBucket(p, d.period.unit),
    formatPeriodLong: (p: string) => formatBucketLong(p, d.period.unit),
    label: describePeriod(d.range, d.period),
  };
}
