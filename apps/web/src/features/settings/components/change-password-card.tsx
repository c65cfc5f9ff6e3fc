import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { KeyRound } from 'lucide-react';
import { z } from 'zod';
import { passwordSchema } from '@brickyard/shared';
import { Alert, Button, Card, CardBody, CardDescription, CardHeader, CardTitle, TextField } from '@/components/ui';
import { ApiError, fieldErrorsOf } from '@/lib/api';
import { zodResolver } from '@/lib/form';
import { notify } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';

const formSchema = z
  .object({
    password: z.string().min(1, 'Enter your current password').max(256),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'Confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type Form = z.infer<typeof formSchema>;

/** Change the password of the signed-in user (POST /api/auth/reset-password). */
export function ChangePasswordCard({ submitLabel }: { submitLabel: string }) {
  const mutation = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Form>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    setDone(false);
    try {
      await mutation.mutateAsync({ password: v.password, newPassword: v.newPassword });
      reset();
      setDone(true);
      notify.success('Your password has been changed');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      let placed = false;
      if (fields.password) {
        setError('password', { message: fields.password });
        placed = true;
      }
      if (fields.newPassword) {
        setError('newPassword', { message: fields.newPassword });
        placed = true;
      }
      if (!placed)
        setFormError(err instanceof ApiError ? err.message : 'We could not change your password. Please try again.');
    }
  });

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Change password</CardTitle>
          <CardDescription>
            Use at least 10 characters, with letters and a number. Other devices are signed out when you do.
          </CardDescription>
        </div>
      </CardHeader>
      <CardBody>
        {formError && (
          <Alert tone="danger" live className="mb-4">
            {formError}
          </Alert>
        )}
        {done && (
          <Alert tone="success" className="mb-4">
            <span role="status">Your password has been changed. Other sessions have been signed out.</span>
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
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
          <Button
            type="submit"
            loading={mutation.isPending}
            leftIcon={<KeyRound className="size-4" aria-hidden="true" />}
          >
            {submitLabel}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
