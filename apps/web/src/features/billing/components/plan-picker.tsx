import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CalendarDays, Check, Lock } from 'lucide-react';
import {
  PLANS,
  PROMO_CODES,
  ROLE_HOME,
  accessStateOf,
  formatPence,
  formatPostedDate,
  isPromoCode,
  vatPence,
  type BillingCycle,
  type BillingInfo,
  type PlanType,
} from '@brickyard/shared';
import { BillingCycleToggle, PlanCards, PromoBanner } from '@/components/pricing/pricing-plans';
import { Alert, Button, Card, CardBody, CardHeader, CardTitle, TextField, buttonClasses } from '@/components/ui';
import { ApiError, errorMessage, fieldErrorsOf } from '@/lib/api';
import { cn } from '@/lib/cn';
import { BOOK_MEETING_HREF } from '@/lib/contact-info';
import { refreshSession } from '@/lib/refresh-session';
import { setBillingCycle } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useUpgrade } from '../api/upgrade';
import { cycleLabel } from '../lib/labels';
import { quoteFor, type Quote } from '../lib/plan-change';

function Line({ label, amount, strong, muted }: { label: string; amount: string; strong?: boolean; muted?: boolean }) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4 py-1.5 text-sm',
        strong && 'border-t border-ink-200 pt-2.5 text-base font-semibold text-ink-900',
        muted && 'text-ink-500',
      )}
    >
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{amount}</dd>
    </div>
  );
}

function Summary({
  quote,
  plan,
  cycle,
  promo,
}: {
  quote: Quote;
  plan: PlanType;
  cycle: BillingCycle;
  promo: string | null;
}) {
  const name = `${PLANS[plan].name}, billed ${cycle}`;
  if (quote.kind === 'same') {
    return <p className="text-sm text-ink-600">This is your current plan.</p>;
  }
  if (quote.kind === 'downgrade') {
    return (
      <div className="space-y-1 text-sm text-ink-600">
        <p className="font-semibold text-ink-900">{name}</p>
        <p>
          A downgrade takes effect at the end of your current period, on{' '}
          <strong className="text-ink-900">{formatPostedDate(quote.effectiveAt)}</strong>. Nothing is charged now and
          you keep your current plan and its limits until then; from that date you pay {formatPence(quote.pricePence)} +
          VAT {cycle === 'yearly' ? 'a year' : 'a month'}.
        </p>
      </div>
    );
  }
  const net = quote.netPence;
  return (
    <>
      <dl>
        <Line label={name} amount={formatPence(quote.pricePence)} />
        {quote.kind === 'start' && quote.promoPence > 0 && promo && (
          <Line
            label={`${promo}: ${PROMO_CODES.EARLYBIRD.percentOff}% off the first month`}
            amount={`−${formatPence(quote.promoPence)}`}
          />
        )}
        {quote.kind === 'upgrade' && quote.creditPence > 0 && (
          <Line
            label="Credit for unused time on your current plan (estimate)"
            amount={`−${formatPence(quote.creditPence)}`}
          />
        )}
        <Line label="VAT at 20%" amount={formatPence(vatPence(net))} muted />
        <Line label="Due today" amount={formatPence(net + vatPence(net))} strong />
      </dl>
      <p className="mt-1 text-xs text-ink-500">
        {quote.kind === 'upgrade' ? 'Upgrades take effect at once and start a new billing period today. ' : ''}
        Then {formatPence(quote.pricePence)} + VAT {cycle === 'yearly' ? 'every year' : 'every month'} until you cancel.
      </p>
    </>
  );
}

/**
 * Change plan (docs/product.md sections 2, 7, 9): the pricing block with the cycle toggle, the promo code,
 * what it costs, and POST /api/billing/upgrade. A first subscription opens the dashboard once the
 * session reports it active; upgrades apply at once, downgrades at the period end.
 */
export function PlanPicker({
  info,
  role,
  initial,
}: {
  info: BillingInfo;
  role: 'buyer' | 'supplier';
  initial: { plan: PlanType; cycle: BillingCycle };
}) {
  const navigate = useNavigate();
  const upgrade = useUpgrade();
  const active = info.hasActiveSubscription ? info.subscription : null;
  const [cycle, setCycle] = useState<BillingCycle>(initial.cycle);
  const [plan, setPlan] = useState<PlanType>(initial.plan);
  const [promo, setPromo] = useState('');
  const [promoError, setPromoError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  // EARLYBIRD is for a first subscription only (the API refuses it afterwards).
  const promoAllowed = !info.subscription;
  const promoCode = promoAllowed && isPromoCode(promo) ? promo.trim().toUpperCase() : null;
  const quote = quoteFor(info, { plan, cycle }, promoCode);
  const pendingChange = !!active && (!!active.scheduledPlan || !!active.scheduledCycle);
  const same = quote?.kind === 'same';

  const actionLabel = !active
    ? 'Subscribe'
    : same
      ? pendingChange
        ? `Keep ${PLANS[plan].name}, ${cycle}`
        : 'Current plan'
      : quote?.kind === 'upgrade'
        ? `Upgrade to ${PLANS[plan].name}, ${cycle}`
        : `Switch to ${PLANS[plan].name}, ${cycle} at period end`;

  async function submit() {
    setPromoError(null);
    setFormError(null);
    const wasActive = !!active;
    try {
      const res = await upgrade.mutateAsync({
        planType: plan,
        billingCycle: cycle,
        promoCode: promoAllowed ? promo.trim() || undefined : undefined,
      });
      if (res.status === 'redirect' && res.url) {
        window.location.assign(res.url);
        return;
      }
      // The cycle just paid for is the one to remember (docs/product.md section 3, billingCycle).
      setBillingCycle(cycle);
      const session = await refreshSession();
      setPromo('');
      if (!wasActive) {
        notify.success(`Welcome to ${PLANS[plan].name}. Your subscription is active.`);
        if (accessStateOf(session) === 'active') void navigate(ROLE_HOME[role]);
        return;
      }
      if (res.change === 'scheduled') {
        notify.success(
          `Your plan changes to ${PLANS[plan].name} on ${formatPostedDate(res.effectiveAt ?? active.currentPeriodEnd)}`,
        );
      } else if (res.change === 'unchanged') {
        notify.success(`You stay on ${PLANS[plan].name}, billed ${cycle}`);
      } else {
        notify.success(`You are now on ${PLANS[plan].name}, billed ${cycle}`);
      }
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (err instanceof ApiError && (err.code === 'INVALID_PROMO_CODE' || fields.promoCode)) {
        // The API's own message next to the field, e.g. "The promo code SPRING is not valid".
        setPromoError(err.message || fields.promoCode || 'This code is not valid');
      } else {
        setFormError(errorMessage(err, 'We could not change your plan. Please try again.'));
      }
    }
  }

  return (
    <section aria-labelledby="plans-title" className="mt-10">
      <div className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="plans-title" className="text-lg font-semibold text-ink-900">
            {active ? 'Change plan' : 'Choose your plan'}
          </h2>
          <p className="mt-0.5 text-sm text-ink-500">
            Prices exclude VAT at 20%. Upgrades apply at once; downgrades take effect at the end of your current period.
          </p>
        </div>
        <BillingCycleToggle value={cycle} onChange={setCycle} className="self-start sm:self-auto" />
      </div>
      {promoAllowed && <PromoBanner className="mb-6" />}

      <PlanCards
        className="mt-4"
        label="Plans"
        cycle={cycle}
        selected={plan}
        badge={(type) => (active?.plan === type ? 'Current plan' : type === 'GROWTH' ? 'Most popular' : null)}
        action={({ plan: type, featured }) =>
          PLANS[type].selfCheckout ? (
            <Button
              size="lg"
              variant={plan === type ? 'primary' : featured ? 'secondary' : 'dark'}
              className="mt-8 w-full"
              onClick={() => {
                setPlan(type);
                setFormError(null);
              }}
            >
              {plan === type ? (
                <>
                  <Check className="size-4" aria-hidden="true" />
                  {PLANS[type].name} selected
                </>
              ) : (
                `Select ${PLANS[type].name}`
              )}
            </Button>
          ) : (
            <a href={BOOK_MEETING_HREF} className={buttonClasses('secondary', 'lg', 'mt-8 w-full')}>
              <CalendarDays className="size-4" aria-hidden="true" />
              Book a meeting
            </a>
          )
        }
      />

      <Card className="mt-8">
        <CardHeader>
          <CardTitle>{active ? 'Your change' : 'Order summary'}</CardTitle>
          <p className="text-sm text-ink-500">
            {PLANS[plan].name} · {cycleLabel(cycle)}
          </p>
        </CardHeader>
        <CardBody className="grid gap-6 md:grid-cols-2">
          <div>
            {promoAllowed ? (
              <TextField
                label="Promo code"
                value={promo}
                onChange={(e) => {
                  setPromo(e.target.value.toUpperCase());
                  setPromoError(null);
                }}
                placeholder="EARLYBIRD"
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
                error={promoError ?? undefined}
                hint={
                  promoCode
                    ? `${promoCode} applied: ${PROMO_CODES.EARLYBIRD.percentOff}% off your first month.`
                    : 'Have a code? It applies to your first month.'
                }
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void submit();
                  }
                }}
              />
            ) : (
              <p className="text-sm text-ink-500">Promo codes apply to a first subscription only.</p>
            )}
            <p className="mt-4 flex items-start gap-2 text-xs text-ink-500">
              <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              {info.provider === 'stripe'
                ? 'You pay securely with Stripe. Card details never touch our servers.'
                : 'Payment is taken by Brickyard when you confirm; your invoice appears below straight away.'}
            </p>
          </div>
          <div aria-live="polite" className="rounded-lg bg-ink-50 p-4">
            {quote ? <Summary quote={quote} plan={plan} cycle={cycle} promo={promoCode} /> : null}
            <Button
              size="lg"
              variant={same && !pendingChange ? 'secondary' : 'primary'}
              className="mt-4 w-full"
              loading={upgrade.isPending}
              disabled={same && !pendingChange}
              onClick={submit}
            >
              {actionLabel}
            </Button>
          </div>
        </CardBody>
      </Card>
      {formError && (
        <Alert tone="danger" live className="mt-4">
          {formError}
        </Alert>
      )}
    </section>
  );
}
