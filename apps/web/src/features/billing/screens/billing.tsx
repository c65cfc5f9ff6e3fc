import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CalendarDays, CreditCard } from 'lucide-react';
import { PLANS, ROLE_HOME, accessStateOf } from '@brickyard/shared';
import { Alert, Button, PageHeader, PageSpinner } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { BOOK_MEETING_HREF } from '@/lib/contact-info';
import { refreshSession } from '@/lib/refresh-session';
import { getBillingCycle } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useOpenCustomerPortal } from '../api/open-customer-portal';
import { useBillingInfo } from '../api/get-billing-info';
import { BillingDetailsCard } from '../components/billing-details-form';
import { CurrentPlanCard } from '../components/current-plan-card';
import { InvoicesSection } from '../components/invoices-section';
import { PlanPicker } from '../components/plan-picker';
import { UsageCard } from '../components/usage-card';
import { initialChoice } from '../lib/plan-change';

/** "Manage payment details": Stripe's Billing Portal, or (built-in provider) this page itself. */
function ManagePaymentButton() {
  const portal = useOpenCustomerPortal();
  async function open() {
    try {
      const { url } = await portal.mutateAsync();
      const target = new URL(url, window.location.href);
      if (target.origin === window.location.origin && target.pathname === window.location.pathname) {
        notify.info(
          'Payments are taken by Brickyard directly, so there is no card on file to manage. Your invoices are below.',
        );
        document.getElementById('invoices-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return;
      }
      window.location.assign(target.href);
    } catch (err) {
      notify.error(errorMessage(err, 'We could not open the payment page. Please try again.'));
    }
  }
  return (
    <Button
      variant="secondary"
      onClick={open}
      loading={portal.isPending}
      leftIcon={<CreditCard className="size-4" aria-hidden="true" />}
    >
      Manage payment details
    </Button>
  );
}

/**
 * Back from Stripe Checkout (`?checkout=success`): the subscription starts with the provider's
 * webhook, so the page polls until it is active, refreshes the session and opens the dashboard.
 */
function useCheckoutReturn(role: 'buyer' | 'supplier', active: boolean | undefined) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const checkout = params.get('checkout');
  const done = useRef(false);
  useEffect(() => {
    if (checkout !== 'success' || !active || done.current) return;
    done.current = true;
    void refreshSession()
      .then((session) => {
        notify.success('Payment received. Your subscription is active.');
        if (accessStateOf(session) === 'active') void navigate(ROLE_HOME[role], { replace: true });
        else setParams({}, { replace: true });
      })
      .catch(() => setParams({}, { replace: true }));
  }, [checkout, active, navigate, role, setParams]);
  return { checkout, waiting: checkout === 'success' && !active };
}

/** Settings › Billing (docs/product.md sections 2, 3, 7, 8 and 9). */
export function BillingScreen({ role }: { role: 'buyer' | 'supplier' }) {
  const [params] = useSearchParams();
  const info = useBillingInfo();
  const { checkout, waiting } = useCheckoutReturn(role, info.data?.hasActiveSubscription);

  // While a Stripe payment is being confirmed, ask again every 2 seconds.
  const { refetch } = info;
  useEffect(() => {
    if (!waiting) return;
    const t = window.setInterval(() => void refetch(), 2000);
    return () => window.clearInterval(t);
  }, [waiting, refetch]);

  const data = info.data;
  const choice = data ? initialChoice(data, params, getBillingCycle()) : null;
  const fromSignup = !!data && !data.hasActiveSubscription && !params.get('plan') && !params.get('cycle');

  return (
    <>
      <PageHeader
        title="Billing"
        description="Your plan, usage this month, invoices and billing details."
        actions={data?.subscription ? <ManagePaymentButton /> : undefined}
      />
      {waiting && (
        <Alert tone="info" className="mb-6" title="Confirming your payment">
          This takes a few seconds. The page updates by itself.
        </Alert>
      )}
      {checkout === 'cancelled' && !data?.hasActiveSubscription && (
        <Alert tone="warning" className="mb-6" title="Checkout cancelled">
          You have not been charged. Choose a plan below when you are ready.
        </Alert>
      )}
      {info.isPending ? (
        <PageSpinner />
      ) : info.isError ? (
        <Alert tone="danger" live title="We could not load your billing information">
          {errorMessage(info.error)}
          <Button variant="link" className="ml-2" onClick={() => void info.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          {!data!.hasActiveSubscription && !waiting && (
            <Alert tone="warning" className="mb-6" title="Choose a plan to start using Brickyard">
              Tenders, matching, messaging and the rest of Brickyard open as soon as your subscription is active.
              {fromSignup && choice && (
                <>
                  {' '}
                  We have selected{' '}
                  <strong>
                    {PLANS[choice.plan].name}, billed {choice.cycle}
                  </strong>
                  , as you chose when you signed up.
                </>
              )}
            </Alert>
          )}
          <div className="grid gap-6 lg:grid-cols-2 lg:items-stretch">
            <CurrentPlanCard info={data!} />
            <UsageCard info={data!} />
          </div>
          <PlanPicker
            key={[
              data!.hasActiveSubscription,
              data!.subscription?.plan,
              data!.subscription?.cycle,
              data!.subscription?.scheduledPlan,
              data!.subscription?.scheduledCycle,
            ].join('-')}
            info={data!}
            role={role}
            initial={choice!}
          />
          <p className="mt-6 flex items-start gap-2 text-sm text-ink-600">
            <CalendarDays className="mt-0.5 size-4 shrink-0 text-ink-400" aria-hidden="true" />
            <span>
              Need a framework agreement, many teams or invoicing by purchase order?{' '}
              <a href={BOOK_MEETING_HREF} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                Book a meeting about Partner
              </a>
            </span>
          </p>
          <InvoicesSection invoices={data!.invoices} />
          <BillingDetailsCard />
        </>
      )}
    </>
  );
}
