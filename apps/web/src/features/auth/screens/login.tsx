import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  ACCESS_TOASTS,
  ROLE_HOME,
  accessStateOf,
  gatedSettingsPath,
  loginBodySchema,
  type Session,
} from '@brickyard/shared';
import { Alert, Button, TextField } from '@/components/ui';
import { ApiError, fieldErrorsOf } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useLogin } from '../api/login';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { useResendVerification } from '../api/resend-verification';
import { AuthHeading } from '../components/auth-heading';
import { paths } from '@/lib/paths';

const formSchema = loginBodySchema.extend({ password: z.string().min(1, 'Enter your password').max(256) });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

export function LoginScreen() {
  const navigate = useNavigate();
  const login = useLogin();
  const resend = useResendVerification();
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  /** set when the password was right and the account asks for a second factor */
  const [challenge, setChallenge] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', password: '' },
  });

  function landFor(session: Session) {
    if (session.role === 'admin') {
      void navigate(ROLE_HOME.admin, { replace: true });
      return;
    }
    const state = accessStateOf(session);
    const gated = gatedSettingsPath(session.role, state);
    if (gated && state !== 'active') {
      notify.info(ACCESS_TOASTS[state], { id: 'access-gate' });
      void navigate(gated, { replace: true });
    } else {
      void navigate(ROLE_HOME[session.role], { replace: true });
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    resend.reset();
    try {
      landFor(await login.mutateAsync(values));
    } catch (err) {
      const pending =
        err instanceof ApiError && err.code === 'TWO_FACTOR_REQUIRED' ? fieldErrorsOf(err).challenge : undefined;
      if (pending) {
        setChallenge(pending);
        return;
      }
      if (err instanceof ApiError) {
        setError({ code: err.code, message: err.message });
        setUnverifiedEmail(err.code === 'EMAIL_NOT_VERIFIED' ? values.email : null);
      } else {
        setError({ code: 'UNKNOWN', message: 'Sign in failed. Please try again.' });
      }
    }
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onDone={landFor}
        onRestart={(message) => {
          setChallenge(null);
          setError(message ? { code: 'INVALID_TOKEN', message } : null);
        }}
      />
    );
  }

  return (
    <>
      <AuthHeading title="Sign in to Brickyard">Welcome back. Enter your email and password to continue.</AuthHeading>
      {error && (
        <Alert tone={error.code === 'EMAIL_NOT_VERIFIED' ? 'warning' : 'danger'} live className="mb-5">
          <p>{error.message}</p>
          {error.code === 'EMAIL_NOT_VERIFIED' && unverifiedEmail && (
            <div className="mt-2">
              {resend.isSuccess ? (
                <p className="font-medium">{resend.data.message}</p>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={resend.isPending}
                  onClick={() => resend.mutate({ email: unverifiedEmail })}
                >
                  Resend link
                </Button>
              )}
              {resend.isError && (
                <p className="mt-1">
                  {resend.error instanceof ApiError
                    ? resend.error.message
                    : 'Could not send the link. Please try again.'}
                </p>
              )}
            </div>
          )}
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
        <div>
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <div className="mt-2 text-right">
            <Link to={paths.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              Forgot your password?
            </Link>
          </div>
        </div>
        <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
          Sign in
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-500">
        New to Brickyard?{' '}
        <Link to={paths.register()} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </>
  );
}

const codeForm = z.object({ code: z.string().trim().min(1, 'Enter the code').max(20) });

/** The second step of a sign-in with two-factor sign-in on: an authenticator or recovery code. */
function TwoFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: string;
  onDone: (session: Session) => void;
  onRestart: (message?: string) => void;
}) {
  const verify = useLoginTwoFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors },
  } = useForm<z.infer<typeof codeForm>>({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setError(null);
    const compact = code.replace(/\s+/g, '');
    if (!useRecovery && !/^\d{6}$/.test(compact)) {
      setFieldError('code', { message: 'Enter the 6-digit code from your app' }, { shouldFocus: true });
      return;
    }
    try {
      onDone(await verify.mutateAsync(useRecovery ? { challenge, recoveryCode: code } : { challenge, code: compact }));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') {
        onRestart(err.message);
        return;
      }
      reset({ code: '' });
      setError(err instanceof ApiError ? err.message : 'Sign in failed. Please try again.');
    }
  });

  return (
    <>
      <AuthHeading title="Two-factor sign-in">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Brickyard.'}
      </AuthHeading>
      {error && (
        <Alert tone="danger" live className="mb-5">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          key={useRecovery ? 'recovery' : 'totp'}
          label={useRecovery ? 'Recovery code' : 'Authentication code'}
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          placeholder={useRecovery ? 'xxxxx-xxxxx' : '123456'}
          // The one field of the second step, shown after the password was accepted: typing the
          // code straight away is what every user, screen reader users included, expects here.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" className="w-full" size="lg" loading={verify.isPending}>
          Verify and sign in
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={() => {
            setUseRecovery((r) => !r);
            setError(null);
            reset({ code: '' });
          }}
        >
          {useRecovery ? 'Use a code from your app instead' : 'Lost your phone? Use a recovery code'}
        </button>
        <button type="button" className="text-ink-500 hover:text-ink-800 hover:underline" onClick={() => onRestart()}>
          Back to sign in
        </button>
      </div>
    </>
  );
}
