import { LogOut, ShieldCheck } from 'lucide-react';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  PageHeader,
  Spinner,
} from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useSecurity } from '../api/get-security';
import { useSecurityAction } from '../api/security-action';
import { ChangePasswordCard } from '../components/change-password-card';
import { TwoFactorCard } from '../components/two-factor-card';

/**
 * Settings › Security: change password, two-factor sign-in, sign out of every other session.
 * Settings › Reset password shows the change-password form alone.
 */
export function SecurityScreen({ variant = 'security' }: { variant?: 'security' | 'reset-password' }) {
  if (variant === 'reset-password') {
    return (
      <>
        <PageHeader title="Reset password" description="Choose a new password for signing in to Brickyard." />
        <div className="max-w-2xl">
          <ChangePasswordCard submitLabel="Reset password" />
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Security"
        description="Your password, two-factor sign-in and the devices signed in to your account."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <ChangePasswordCard submitLabel="Change password" />
          <TwoFactorSection />
          <SessionsCard />
        </div>
        <Card className="h-fit">
          <CardBody className="flex gap-3">
            <ShieldCheck className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
            <div className="text-sm text-ink-600">
              <p className="font-semibold text-ink-900">Keep your account safe</p>
              <p className="mt-1">
                Use a password you do not use anywhere else, and turn on two-factor sign-in so a stolen password alone
                cannot open your account. If you think someone else is signed in, sign out every other session.
              </p>
            </div>
          </CardBody>
        </Card>
      </div>
    </>
  );
}

function TwoFactorSection() {
  const security = useSecurity();
  if (security.isPending) {
    return (
      <Card>
        <CardBody className="flex justify-center py-10 text-ink-400">
          <Spinner label="Loading two-factor settings" />
        </CardBody>
      </Card>
    );
  }
  if (security.isError) {
    return (
      <Alert tone="danger" live title="We could not load your two-factor settings">
        <p>{errorMessage(security.error)}</p>
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => void security.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <TwoFactorCard state={security.data} />;
}

function SessionsCard() {
  const security = useSecurity();
  const action = useSecurityAction();
  const hours = security.data ? Math.round(security.data.sessionLifetimeSeconds / 3600) : null;

  async function signOutOthers() {
    try {
      await action.mutateAsync({ action: 'sign_out_others' });
      notify.success('Every other session has been signed out');
    } catch (err) {
      notify.error(errorMessage(err, 'We could not sign out your other sessions. Please try again.'));
    }
  }

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>
            Signed in on another computer or phone, or lost a device? End every session except this one.
            {hours ? ` Sessions otherwise end by themselves after ${hours} hour${hours === 1 ? '' : 's'}.` : ''}
          </CardDescription>
        </div>
      </CardHeader>
      <CardBody>
        <Button
          variant="secondary"
          loading={action.isPending && action.variables?.action === 'sign_out_others'}
          onClick={() => void signOutOthers()}
          leftIcon={<LogOut className="size-4" aria-hidden="true" />}
        >
          Sign out of every other session
        </Button>
      </CardBody>
    </Card>
  );
}
