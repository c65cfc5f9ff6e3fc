import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/form';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, LinkIcon } from 'lucide-react';
import { z } from 'zod';
import { passwordSchema } from '@brickyard/shared';
import { Alert, Button, ButtonLink, TextField } from '@/components/ui';
import { ApiError, fieldErrorsOf } from '@/lib/api';
import { useForgotPasswordValidation } from '../api/forgot-password-validation';
import { AuthHeading } from '../components/auth-heading';
import { paths } from '@/lib/paths';

const formSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string().min(1, 'Confirm your password') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type Form = z.infer<typeof formSchema>;

function InvalidLink() {
  return (
    <div className="text-center">
      <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-200">
        <LinkIcon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-ink-900">This reset link is invalid or has expired</h1>
      <p role="alert" className="mt-3 text-sm text-ink-600">
        Reset links work once and only for a limited time. Request a new one and use the latest email we send.
      </p>
      <ButtonLink to={paths.forgotPassword} className="mt-6">
        Request a new link
      </ButtonLink>
    </div>
  );
}

export function ResetPasswordValidationScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const userId = params.get('userId') ?? '';
  const mutation = useForgotPasswordValidation();
  const [invalid, setInvalid] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  if (!token || !userId || invalid) return <InvalidLink />;

  if (mutation.isSuccess) {
    return (
      <div className="text-center">
        <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-1 ring-emerald-200">
          <CheckCircle2 className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">Password changed</h1>
        <p role="status" className="mt-3 text-sm text-ink-600">
          {mutation.data.message}
        </p>
        <ButtonLink to={paths.login} className="mt-6">
          Go to sign in
        </ButtonLink>
      </div>
    );
  }

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ userId, token, newPassword: v.newPassword });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (err instanceof ApiError && (err.code === 'INVALID_TOKEN' || fields.token || fields.userId)) {
        setInvalid(true);
      } else if (fields.newPassword) {
        setError('newPassword', { message: fields.newPassword });
      } else {
        setFormError(err instanceof ApiError ? err.message : 'We could not reset your password. Please try again.');
      }
    }
  });

  return (
    <>
      <AuthHeading title="Choose a new password">Use at least 10 characters, with letters and a number.</AuthHeading>
      {formError && (
        <Alert tone="danger" live className="mb-5">
          {formError}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
          Reset password
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-500">
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
