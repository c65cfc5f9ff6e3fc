import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/form';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { forgotPasswordBodySchema } from '@brickyard/shared';
import { Alert, Button, TextField } from '@/components/ui';
import { errorMessage } from '@/lib/api';
import { useForgotPassword } from '../api/forgot-password';
import { AuthHeading } from '../components/auth-heading';
import { paths } from '@/lib/paths';

type FormIn = z.input<typeof forgotPasswordBodySchema>;
type FormOut = z.output<typeof forgotPasswordBodySchema>;

export function ForgotPasswordScreen() {
  const mutation = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((v) => mutation.mutate(v));

  if (mutation.isSuccess) {
    return (
      <div className="text-center">
        <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-200">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">Check your inbox</h1>
        <p role="status" className="mt-3 text-sm text-ink-600">
          {mutation.data.message}
        </p>
        <p className="mt-2 text-sm text-ink-500">The link is valid for a limited time and can be used once.</p>
        <Link to={paths.login} className="mt-6 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <>
      <AuthHeading title="Forgot your password?">
        Enter the email address of your account and we will send you a link to choose a new password.
      </AuthHeading>
      {mutation.isError && (
        <Alert tone="danger" live className="mb-5">
          {errorMessage(mutation.error, 'We could not send the link. Please try again.')}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
          Send reset link
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-500">
        Remembered it?{' '}
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
