import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, Save, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { emailSchema, type Account } from '@brickyard/shared';
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
  PageHeader,
  PageSpinner,
  TextField,
} from '@/components/ui';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { formatPostedDate } from '@/lib/format';
import { zodResolver } from '@/lib/form';
import { applyServerErrors } from '@/lib/server-errors';
import { logout } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useAccount } from '../api/get-account';
import { useSecurity } from '../api/get-security';
import { useUpdateAccount } from '../api/update-account';
import { paths } from '@/lib/paths';

const accountFormSchema = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name').max(80, 'At most 80 characters'),
  lastName: z.string().trim().min(1, 'Enter your last name').max(80, 'At most 80 characters'),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(32, 'At most 32 characters')
    .regex(/^[+0-9 ()-]*$/, 'Use digits, spaces, +, ( ) and - only'),
  /** Asked only when the email changes: a session alone must not move the account elsewhere. */
  password: z.string().max(256),
  code: z.string().trim().max(20),
});
type AccountForm = z.infer<typeof accountFormSchema>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'code'] as const;

/** Settings › Accounts: name, email (re-verified when changed), phone; delete the account. */
export function AccountsScreen() {
  const query = useAccount();
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Your name, sign-in email and phone number, and the option to close your account."
      />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <Alert tone="danger" live title="We could not load your account">
          <p>{errorMessage(query.error)}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="space-y-6">
          <AccountDetails key={query.data.email + (query.data.pendingEmail ?? '')} account={query.data} />
          <DeleteAccountCard account={query.data} />
        </div>
      )}
    </>
  );
}

function AccountDetails({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const security = useSecurity();
  const twoFactor = security.data?.twoFactorEnabled ?? false;
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<AccountForm>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.pendingEmail ?? account.email,
      phone: account.phone ?? '',
      password: '',
      code: '',
    },
  });
  const typedEmail = watch('email').trim().toLowerCase();
  const emailChanges = typedEmail !== account.email.toLowerCase() && typedEmail !== account.pendingEmail?.toLowerCase();

  const onSubmit = handleSubmit(async (v) => {
    setNotice(null);
    if (emailChanges && !v.password) {
      setError('password', { message: 'Enter your current password to change the email' }, { shouldFocus: true });
      return;
    }
    if (emailChanges && twoFactor && !v.code) {
      setError(
        'code',
        { message: 'Enter a code from your authenticator app or a recovery code' },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const res = await update.mutateAsync({
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email,
        phone: v.phone,
        ...(emailChanges ? { password: v.password, ...(twoFactor ? { code: v.code } : {}) } : {}),
      });
      reset({
        firstName: res.firstName,
        lastName: res.lastName,
        email: res.pendingEmail ?? res.email,
        phone: res.phone ?? '',
        password: '',
        code: '',
      });
      if (res.pendingEmail) setNotice(res.message);
      notify.success(
        res.pendingEmail ? 'Saved. Check your new inbox to confirm the address.' : 'Your account details are saved',
      );
    } catch (err) {
      const rest = applyServerErrors(err, FIELDS, setError, 'We could not save your details. Please try again.');
      if (rest) notify.error(rest);
    }
  });

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>Account details</CardTitle>
          <CardDescription>
            {account.companyName} · member since {formatPostedDate(account.createdAt)}
          </CardDescription>
        </div>
        {account.emailVerified ? (
          <Badge tone="success">Email confirmed</Badge>
        ) : (
          <Badge tone="warning">Email not confirmed</Badge>
        )}
      </CardHeader>
      <CardBody>
        {(notice || account.pendingEmail) && (
          <Alert tone="info" className="mb-5" title="Confirm your new email address">
            <span role="status">
              {notice ??
                `We have sent a link to ${account.pendingEmail}. Your email changes once you confirm it; until then sign in with ${account.email}.`}
            </span>
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              hint="If you change it, we email a confirmation link to the new address. You keep signing in with the current one until you confirm."
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label="Phone"
              type="tel"
              optional
              autoComplete="tel"
              placeholder="e.g. 0161 496 0000"
              error={errors.phone?.message}
              {...register('phone')}
            />
            {emailChanges && (
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                hint="Needed to change the email address."
                error={errors.password?.message}
                {...register('password')}
              />
            )}
            {emailChanges && twoFactor && (
              <TextField
                label="Authenticator or recovery code"
                autoComplete="one-time-code"
                error={errors.code?.message}
                {...register('code')}
              />
            )}
          </div>
          <div className="flex justify-end border-t border-ink-100 pt-4">
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!isDirty}
              leftIcon={<Save className="size-4" aria-hidden="true" />}
            >
              Save account details
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

function DeleteAccountCard({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  if (account.role === 'admin') return null;
  return (
    <Card className="border-red-200">
      <CardHeader>
        <div>
          <CardTitle className="text-red-700">Delete account</CardTitle>
          <CardDescription>
            Your personal details, company profile, catalogue and files are erased and you are signed out everywhere.
            Open deals are cancelled and unfinished tenders withdrawn; completed deals and reviews stay, without your
            name. This cannot be undone.
          </CardDescription>
        </div>
      </CardHeader>
      <CardBody>
        <Button
          variant="danger"
          onClick={() => setOpen(true)}
          leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
        >
          Delete my account
        </Button>
        {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
      </CardBody>
    </Card>
  );
}

const deleteFormSchema = z.object({
  confirm: z.string().refine((v) => v.trim() === 'DELETE', 'Type DELETE in capitals to confirm'),
  password: z.string().min(1, 'Enter your password'),
  code: z.string().trim().max(20),
});
type DeleteForm = z.infer<typeof deleteFormSchema>;

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const security = useSecurity();
  const remove = useDeleteAccount();
  const twoFactor = security.data?.twoFactorEnabled ?? false;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<DeleteForm>({
    resolver: zodResolver(deleteFormSchema),
    defaultValues: { confirm: '', password: '', code: '' },
  });
  const typed = watch('confirm').trim() === 'DELETE';

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    if (twoFactor && !v.code) {
      setError(
        'code',
        { message: 'Enter a code from your authenticator app or a recovery code' },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const res = await remove.mutateAsync({
        confirm: 'DELETE',
        password: v.password,
        ...(twoFactor ? { code: v.code } : {}),
      });
      // The account is gone: the session ends here.
      logout();
      qc.clear();
      void navigate(paths.login, { replace: true });
      notify.success(res.message);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.password || fields.code || fields.confirm) {
        if (fields.password) setError('password', { message: fields.password });
        if (fields.code)
          setError('code', { message: fields.code === 'Invalid code' ? 'That code is not valid' : fields.code });
        if (fields.confirm) setError('confirm', { message: fields.confirm });
      } else {
        setFormError(errorMessage(err, 'We could not delete your account. Please try again.'));
      }
    }
  });

  return (
    <Modal
      open
      onClose={remove.isPending ? () => undefined : onClose}
      title="Delete your account?"
      description="This erases your account for good. Download your data from Settings › Privacy first if you want a copy."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            type="submit"
            form="delete-account-form"
            loading={remove.isPending}
            disabled={!typed}
          >
            Delete account permanently
          </Button>
        </>
      }
    >
      <form id="delete-account-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && (
          <Alert tone="danger" live>
            {formError}
          </Alert>
        )}
        <TextField
          label={
            <>
              Type <span className="font-mono font-bold">DELETE</span> to confirm
            </>
          }
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {twoFactor && (
          <TextField
            label="Authenticator or recovery code"
            autoComplete="one-time-code"
            inputMode="text"
            hint="Two-factor sign-in is on: enter the 6-digit code from your app, or one of your recovery codes."
            error={errors.code?.message}
            {...register('code')}
          />
        )}
        <p className="flex items-center gap-2 text-xs text-ink-500">
          <MailCheck className="size-3.5" aria-hidden="true" />
          We email you to confirm once it is done.
        </p>
      </form>
    </Modal>
  );
}
