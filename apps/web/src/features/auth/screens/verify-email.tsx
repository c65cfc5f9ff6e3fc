import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/form';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, MailWarning } from 'lucide-react';
import type { z } from 'zod';
import { resendVerificationBodySchema } from '@brickyard/shared';
import { Alert, Button, PageSpinner, TextField } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { paths } from '@/lib/paths';

type FormIn = z.input<typeof resendVerificationBodySchema>;
type FormOut = z.output<typeof resendVerificationBodySchema>;

function ResendForm() {
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(resendVerificationBodySchema),
    defaultValues: { email: '' },
  });
  if (resend.isSuccess) {
    return (
      <Alert tone="success" className="mt-6 text-left">
        <span role="status">{resend.data.message}</span>
      </Alert>
    );
  }
  return (
    <form onSubmit={handleSubmit((v) => resend.mutate(v))} noValidate className="mt-6 space-y-4 text-left">
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      {resend.isError && (
        <Alert tone="danger" live>
          {errorMessage(resend.error, 'We could not send a new link. Please try again.')}
        </Alert>
      )}
      <Button type="submit" className="w-full" loading={resend.isPending}>
        Resend link
      </Button>
    </form>
  );
}

export function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  // The same link page cancels an email change from the mail sent to the old address.
  const cancelling = params.get('action') === 'cancel-email-change';
  const query = useVerifyEmail(token);

  if (token && query.isPending) return <PageSpinner />;

  if (token && query.isSuccess) {
    return (
      <div className="text-center">
        <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-1 ring-emerald-200">
          <CheckCircle2 className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">
          {cancelling ? 'Email change cancelled' : 'Email confirmed'}
        </h1>
        <p role="status" className="mt-3 text-sm text-ink-600">
          {query.data.message}
        </p>
        {!cancelling && (
          <p className="mt-2 text-sm text-ink-500">
            New accounts are reviewed by our team, which can take up to 48 hours.
          </p>
        )}
        <Button size="lg" className="mt-6 w-full" onClick={() => navigate(paths.login)}>
          Sign in
        </Button>
      </div>
    );
  }

  const message = !token
    ? 'This verification link is incomplete. Request a new one below.'
    : query.error instanceof ApiError && query.error.code === 'INVALID_TOKEN'
      ? query.error.message
      : errorMessage(query.error, 'We could not confirm your email address.');

  return (
    <div className="text-center">
      <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-200">
        <MailWarning className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-ink-900">We could not confirm your email</h1>
      <p role="alert" className="mt-3 text-sm text-ink-600">
        {message}
      </p>
      <p className="mt-2 text-sm text-ink-500">Enter your email address and we will send you a new link.</p>
      <ResendForm />
    </div>
  );
}
