import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { z } from 'zod';
import type { SecurityState } from '@brickyard/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  Modal,
  TextField,
} from '@/components/ui';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { formatPostedDate } from '@/lib/format';
import { zodResolver } from '@/lib/form';
import { notify } from '@/lib/toast';
import { useSecurityAction } from '../api/security-action';
import { RecoveryCodes } from './recovery-codes';

const codeSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'));

/** Puts server field errors on the form, or answers the message to show above it. */
function placeErrors(err: unknown, set: (field: 'password' | 'code', message: string) => void): string | null {
  const f = fieldErrorsOf(err);
  let placed = false;
  if (f.password) {
    set('password', f.password);
    placed = true;
  }
  const code = f.code ?? f.recoveryCode;
  if (code) {
    set('code', code === 'Invalid code' ? 'That code is not valid. Check your app and try again.' : code);
    placed = true;
  }
  return placed ? null : errorMessage(err, 'Something went wrong. Please try again.');
}

/** Two-factor sign-in with an authenticator app (TOTP), recovery codes and turning it off. */
export function TwoFactorCard({ state }: { state: SecurityState }) {
  const [dialog, setDialog] = useState<'setup' | 'disable' | 'regenerate' | null>(null);
  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Two-factor sign-in</CardTitle>
          <CardDescription>
            Ask for a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) when
            you sign in.
          </CardDescription>
        </div>
        {state.twoFactorEnabled ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>}
      </CardHeader>
      <CardBody className="space-y-4">
        {state.twoFactorEnabled ? (
          <>
            <div className="flex items-start gap-3 text-sm text-ink-700">
              <ShieldCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
              <p>
                {state.twoFactorEnabledAt ? `On since ${formatPostedDate(state.twoFactorEnabledAt)}. ` : ''}You have{' '}
                <strong>{state.recoveryCodesRemaining}</strong> unused recovery code
                {state.recoveryCodesRemaining === 1 ? '' : 's'}.
              </p>
            </div>
            {state.recoveryCodesRemaining <= 3 && (
              <Alert tone="warning">
                You are running low on recovery codes. Make a new set so you are not locked out if you lose your phone.
              </Alert>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => setDialog('regenerate')}
                leftIcon={<RefreshCw className="size-4" aria-hidden="true" />}
              >
                New recovery codes
              </Button>
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                onClick={() => setDialog('disable')}
                leftIcon={<ShieldOff className="size-4" aria-hidden="true" />}
              >
                Turn off two-factor sign-in
              </Button>
            </div>
          </>
        ) : (
          <>
            {state.twoFactorSetupPending && (
              <Alert tone="info">
                You started setting up two-factor sign-in but did not finish. Start again to get a fresh code.
              </Alert>
            )}
            <Button onClick={() => setDialog('setup')} leftIcon={<Smartphone className="size-4" aria-hidden="true" />}>
              {state.twoFactorSetupPending ? 'Start again' : 'Turn on two-factor sign-in'}
            </Button>
          </>
        )}
      </CardBody>
      {dialog === 'setup' && <SetupDialog onClose={() => setDialog(null)} />}
      {dialog === 'disable' && <DisableDialog onClose={() => setDialog(null)} />}
      {dialog === 'regenerate' && <RegenerateDialog onClose={() => setDialog(null)} />}
    </Card>
  );
}

/** Renders the otpauth:// link as a QR code (qrcode is loaded only when needed). */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((m) => m.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="flex size-48 shrink-0 items-center justify-center rounded-lg border border-ink-200 bg-white">
      {src ? (
        <img src={src} alt="QR code to scan with your authenticator app" className="size-44" />
      ) : (
        <span className="text-xs text-ink-500">Preparing QR code…</span>
      )}
    </div>
  );
}

const passwordForm = z.object({ password: z.string().min(1, 'Enter your password') });
const confirmForm = z.object({ code: codeSchema });

function SetupDialog({ onClose }: { onClose: () => void }) {
  const action = useSecurityAction();
  const [secret, setSecret] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const pw = useForm<z.infer<typeof passwordForm>>({
    resolver: zodResolver(passwordForm),
    defaultValues: { password: '' },
  });
  const code = useForm<z.input<typeof confirmForm>, unknown, z.output<typeof confirmForm>>({
    resolver: zodResolver(confirmForm),
    defaultValues: { code: '' },
  });

  const start = pw.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const r = await action.mutateAsync({ action: 'start_2fa', password: v.password });
      if (r.secret && r.otpauthUrl) setSecret({ secret: r.secret, otpauthUrl: r.otpauthUrl });
    } catch (err) {
      setFormError(placeErrors(err, (f, m) => f === 'password' && pw.setError('password', { message: m })));
    }
  });

  const confirm = code.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const r = await action.mutateAsync({ action: 'confirm_2fa', code: v.code });
      setCodes(r.recoveryCodes ?? []);
      notify.success('Two-factor sign-in is on');
    } catch (err) {
      setFormError(placeErrors(err, (_f, m) => code.setError('code', { message: m })));
    }
  });

  const step = codes ? 3 : secret ? 2 : 1;
  const grouped = secret?.secret.replace(/(.{4})/g, '$1 ').trim();

  return (
    <Modal
      open
      onClose={action.isPending ? () => undefined : onClose}
      title={step === 3 ? 'Two-factor sign-in is on' : 'Turn on two-factor sign-in'}
      description={
        step === 1
          ? 'Confirm it is you to begin.'
          : step === 2
            ? 'Scan the code with your authenticator app, then enter the code it shows.'
            : undefined
      }
      size={step === 1 ? 'sm' : 'md'}
      footer={
        step === 1 ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="tf-start" loading={action.isPending}>
              Continue
            </Button>
          </>
        ) : step === 2 ? (
          <>
            <Button variant="secondary" onClick={onClose} disabled={action.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="tf-confirm" loading={action.isPending}>
              Verify and turn on
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>I have saved my codes</Button>
        )
      }
    >
      {formError && (
        <Alert tone="danger" live className="mb-4">
          {formError}
        </Alert>
      )}
      {step === 1 && (
        <form id="tf-start" onSubmit={start} noValidate>
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={pw.formState.errors.password?.message}
            {...pw.register('password')}
          />
        </form>
      )}
      {step === 2 && secret && (
        <form id="tf-confirm" onSubmit={confirm} noValidate className="space-y-4">
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <QrCode uri={secret.otpauthUrl} />
            <div className="min-w-0 space-y-2 text-sm text-ink-700">
              <p>Cannot scan? Add an account in your app and type this key (time-based):</p>
              <p
                className="rounded-md bg-ink-100 px-3 py-2 font-mono text-sm break-words text-ink-900"
                data-testid="totp-secret"
                data-secret={secret.secret}
              >
                {grouped}
              </p>
              <details className="text-xs text-ink-500">
                <summary className="cursor-pointer">Show the setup link</summary>
                <p className="mt-1 font-mono break-all">{secret.otpauthUrl}</p>
              </details>
            </div>
          </div>
          <TextField
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            placeholder="123456"
            error={code.formState.errors.code?.message}
            {...code.register('code')}
          />
        </form>
      )}
      {step === 3 && codes && <RecoveryCodes codes={codes} />}
    </Modal>
  );
}

const disableForm = z.object({
  password: z.string().min(1, 'Enter your password'),
  code: z.string().trim().min(1, 'Enter a code from your app or a recovery code').max(20),
});

function DisableDialog({ onClose }: { onClose: () => void }) {
  const action = useSecurityAction();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof disableForm>>({
    resolver: zodResolver(disableForm),
    defaultValues: { password: '', code: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    const compact = v.code.replace(/\s+/g, '');
    const isTotp = /^\d{6}$/.test(compact);
    try {
      await action.mutateAsync({
        action: 'disable_2fa',
        password: v.password,
        ...(isTotp ? { code: compact } : { recoveryCode: v.code }),
      });
      notify.success('Two-factor sign-in is off');
      onClose();
    } catch (err) {
      setFormError(placeErrors(err, (f, m) => form.setError(f, { message: m })));
    }
  });
  return (
    <Modal
      open
      onClose={action.isPending ? () => undefined : onClose}
      title="Turn off two-factor sign-in?"
      description="Signing in will need only your password. We email you to confirm."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.isPending} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form="tf-disable" loading={action.isPending}>
            Turn off
          </Button>
        </>
      }
    >
      <form id="tf-disable" onSubmit={submit} noValidate className="space-y-4">
        {formError && (
          <Alert tone="danger" live>
            {formError}
          </Alert>
        )}
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Authenticator or recovery code"
          autoComplete="one-time-code"
          hint="The 6-digit code from your app, or one of your recovery codes."
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
      </form>
    </Modal>
  );
}

const regenerateForm = z.object({ password: z.string().min(1, 'Enter your password'), code: codeSchema });

function RegenerateDialog({ onClose }: { onClose: () => void }) {
  const action = useSecurityAction();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof regenerateForm>, unknown, z.output<typeof regenerateForm>>({
    resolver: zodResolver(regenerateForm),
    defaultValues: { password: '', code: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const r = await action.mutateAsync({ action: 'regenerate_recovery_codes', password: v.password, code: v.code });
      setCodes(r.recoveryCodes ?? []);
      notify.success('New recovery codes made; the old ones no longer work');
    } catch (err) {
      setFormError(placeErrors(err, (f, m) => form.setError(f, { message: m })));
    }
  });
  return (
    <Modal
      open
      onClose={action.isPending ? () => undefined : onClose}
      title={codes ? 'Your new recovery codes' : 'Make new recovery codes'}
      description={codes ? undefined : 'Your old recovery codes stop working.'}
      size={codes ? 'md' : 'sm'}
      footer={
        codes ? (
          <Button onClick={onClose}>I have saved my codes</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={action.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              form="tf-regenerate"
              loading={action.isPending}
              leftIcon={<KeyRound className="size-4" aria-hidden="true" />}
            >
              Make new codes
            </Button>
          </>
        )
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <form id="tf-regenerate" onSubmit={submit} noValidate className="space-y-4">
          {formError && (
            <Alert tone="danger" live>
              {formError}
            </Alert>
          )}
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
        </form>
      )}
    </Modal>
  );
}
