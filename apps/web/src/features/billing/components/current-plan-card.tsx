import { useState, type ReactNode } from 'react';
import { AlertTriangle, CalendarClock, CreditCard, RotateCcw, XCircle } from 'lucide-react';
import { PLANS, PROMO_CODES, formatPence, formatPostedDate, type BillingInfo } from '@brickyard/shared';
import { Alert, Badge, Button, Card, CardBody, CardHeader, CardTitle, Modal } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { useUpgrade } from '../api/upgrade';
import { cycleLabel } from '../lib/labels';

const STATUS_TONE = { active: 'success', past_due: 'warning', cancelled: 'neutral', expired: 'danger' } as const;
const STATUS_LABEL = { active: 'Active', past_due: 'Payment due', cancelled: 'Cancelled', expired: 'Expired' } as const;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-sm text-ink-500">{term}</dt>
      <dd className="text-right text-sm font-medium text-ink-900">{children}</dd>
    </div>
  );
}

/** The plan in force (plan, cycle, status, renewal, price paid, promo), with cancel and resume. */
export function CurrentPlanCard({ info }: { info: BillingInfo }) {
  const sub = info.subscription;
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const keep = useUpgrade();
  const [confirmCancel, setConfirmCancel] = useState(false);

  if (!sub || !info.hasActiveSubscription) {
    return (
      <Card className="h-full">
        <CardHeader>
          <CardTitle>Current plan</CardTitle>
          <CreditCard className="hidden size-5 text-ink-400 sm:block" aria-hidden="true" />
        </CardHeader>
        <CardBody>
          <p className="font-semibold text-ink-900">No active subscription</p>
          <p className="mt-1 text-sm text-ink-600">
            {sub
              ? `Your ${PLANS[sub.plan].name} plan ${sub.status === 'cancelled' ? 'was cancelled' : 'expired'} on ${formatPostedDate(sub.currentPeriodEnd)}. Choose a plan below to pick up where you left off.`
              : 'Choose a plan below to unlock tenders, matching, messaging and the rest of Brickyard.'}
          </p>
          <dl className="mt-3 divide-y divide-ink-100 border-t border-ink-100">
            <Row term="Chosen at signup">
              {PLANS[info.selectedPlan].name}, {cycleLabel(info.selectedCycle).toLowerCase()}
            </Row>
          </dl>
        </CardBody>
      </Card>
    );
  }

  const plan = PLANS[sub.plan];
  const scheduled = sub.scheduledPlan || sub.scheduledCycle;
  const promo = sub.promoCode ? PROMO_CODES[sub.promoCode as keyof typeof PROMO_CODES] : undefined;

  async function doCancel() {
    try {
      await cancel.mutateAsync();
      setConfirmCancel(false);
      notify.success(`Your subscription ends on ${formatPostedDate(sub!.currentPeriodEnd)}`);
    } catch (err) {
      notify.error(errorMessage(err, 'We could not cancel your subscription. Please try again.'));
    }
  }
  async function doResume() {
    try {
      await resume.mutateAsync();
      notify.success('Your subscription will renew as usual');
    } catch (err) {
      notify.error(errorMessage(err, 'We could not resume your subscription. Please try again.'));
    }
  }
  async function keepCurrent() {
    try {
      await keep.mutateAsync({ planType: sub!.plan, billingCycle: sub!.cycle });
      notify.success(`You stay on ${plan.name}, billed ${sub!.cycle}`);
    } catch (err) {
      notify.error(errorMessage(err, 'We could not keep your plan. Please try again.'));
    }
  }

  return (
    <Card className="h-full" data-testid="current-plan">
      <CardHeader>
        <div>
          <CardTitle>Current plan</CardTitle>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xl font-bold text-ink-900">
            {plan.name} · {cycleLabel(sub.cycle)}
            {sub.cancelAtPeriodEnd ? (
              <Badge tone="warning">Ends {formatPostedDate(sub.currentPeriodEnd)}</Badge>
            ) : (
              <Badge tone={STATUS_TONE[sub.status]}>{STATUS_LABEL[sub.status]}</Badge>
            )}
          </p>
        </div>
        <CreditCard className="hidden size-5 text-ink-400 sm:block" aria-hidden="true" />
      </CardHeader>
      <CardBody>
        {sub.status === 'past_due' && (
          <Alert tone="warning" className="mb-3" title="Your last payment failed">
            Update your payment details{sub.graceUntil ? ` by ${formatPostedDate(sub.graceUntil)}` : ''} to keep your
            access.
          </Alert>
        )}
        <dl className="divide-y divide-ink-100">
          <Row term="Plan">{plan.name}</Row>
          <Row term="Billing cycle">{cycleLabel(sub.cycle)}</Row>
          <Row term="Status">
            {sub.cancelAtPeriodEnd ? 'Cancelled — ends at the period end' : STATUS_LABEL[sub.status]}
          </Row>
          <Row term="Current period">
            {formatPostedDate(sub.currentPeriodStart)} – {formatPostedDate(sub.currentPeriodEnd)}
          </Row>
          {sub.cancelAtPeriodEnd ? (
            <Row term="Ends on">{formatPostedDate(sub.currentPeriodEnd)}</Row>
          ) : (
            <Row term="Renewal date">
              {sub.renewalDate ? formatPostedDate(sub.renewalDate) : '—'}
              {sub.renewalPricePence != null && (
                <span className="block text-xs font-normal text-ink-500">
                  at {formatPence(sub.renewalPricePence)} + VAT
                </span>
              )}
            </Row>
          )}
          <Row term="Price paid this period">
            {formatPence(sub.pricePaidPence)} <span className="font-normal text-ink-500">+ VAT</span>
          </Row>
          <Row term="Promo applied">
            {sub.promoCode ? (
              <Badge tone="brand">
                {sub.promoCode}
                {promo ? ` · ${promo.percentOff}% off the first month` : ''}
              </Badge>
            ) : (
              'None'
            )}
          </Row>
          {!!sub.creditPence && sub.creditPence > 0 && (
            <Row term="Credit for your next invoices">{formatPence(sub.creditPence)}</Row>
          )}
        </dl>

        {scheduled && (
          <Alert tone="info" className="mt-3" title="Change scheduled">
            From {formatPostedDate(sub.currentPeriodEnd)} you move to {PLANS[sub.scheduledPlan ?? sub.plan].name},{' '}
            {cycleLabel(sub.scheduledCycle ?? sub.cycle).toLowerCase()}. Until then you keep {plan.name} and its limits.
          </Alert>
        )}
        {sub.cancelAtPeriodEnd && (
          <Alert tone="warning" className="mt-3" title="Your subscription is cancelled">
            You keep full access until {formatPostedDate(sub.currentPeriodEnd)}. Resume it before then to carry on
            without a break.
          </Alert>
        )}

        <div className="mt-4 flex flex-wrap gap-2">
          {sub.cancelAtPeriodEnd ? (
            <Button
              onClick={doResume}
              loading={resume.isPending}
              leftIcon={<RotateCcw className="size-4" aria-hidden="true" />}
            >
              Resume subscription
            </Button>
          ) : (
            <>
              {scheduled && (
                <Button variant="secondary" onClick={keepCurrent} loading={keep.isPending}>
                  Keep {plan.name}, {cycleLabel(sub.cycle).toLowerCase()}
                </Button>
              )}
              <Button
                variant="secondary"
                onClick={() => setConfirmCancel(true)}
                leftIcon={<XCircle className="size-4 text-red-600" aria-hidden="true" />}
              >
                Cancel subscription
              </Button>
            </>
          )}
        </div>
        {sub.cancelAtPeriodEnd || (
          <p className="mt-2 flex items-center gap-1.5 text-xs text-ink-500">
            <CalendarClock className="size-3.5" aria-hidden="true" />
            Cancelling keeps your access until {formatPostedDate(sub.currentPeriodEnd)}; nothing more is charged.
          </p>
        )}
      </CardBody>

      <Modal
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title="Cancel your subscription?"
        description={`You keep ${plan.name} until ${formatPostedDate(sub.currentPeriodEnd)}. After that your account stays, but tenders, matching and messaging are locked until you subscribe again.`}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmCancel(false)} data-autofocus>
              Keep subscription
            </Button>
            <Button variant="danger" onClick={doCancel} loading={cancel.isPending}>
              Cancel subscription
            </Button>
          </>
        }
      >
        <p className="flex gap-2 text-sm text-ink-600">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
          You can resume at any time before {formatPostedDate(sub.currentPeriodEnd)} and nothing changes.
        </p>
      </Modal>
    </Card>
  );
}
