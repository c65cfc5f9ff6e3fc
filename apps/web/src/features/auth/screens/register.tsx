import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/form';
import { Link, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { z } from 'zod';
import {
  BILLING_CYCLES,
  DEFAULT_CYCLE,
  DEFAULT_PLAN,
  PLANS,
  PLAN_TYPES,
  SIGNUP_ROLES,
  formatPence,
  passwordSchema,
  periodPricePence,
  registerBodySchema,
  type BillingCycle,
  type PlanType,
  type SignupRole,
} from '@brickyard/shared';
import { Alert, Button, Checkbox, Segmented, SelectField, TextField } from '@/components/ui';
import { ApiError, fieldErrorsOf } from '@/lib/api';
import { setBillingCycle, setPricingRole } from '@/lib/session';
import { useRegister } from '../api/register';
import { AuthHeading } from '../components/auth-heading';
import { paths } from '@/lib/paths';

const shape = registerBodySchema.shape;
const formSchema = z
  .object({
    firstName: shape.firstName,
    lastName: shape.lastName,
    companyName: shape.companyName,
    email: shape.email,
    phone: shape.phone,
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Confirm your password'),
    acceptTerms: z.boolean().refine((v) => v, 'Accept the terms to continue'),
    userRole: shape.userRole,
    planType: z.enum(PLAN_TYPES),
    billingCycle: z.enum(BILLING_CYCLES),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;
const FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'email',
  'phone',
  'password',
  'acceptTerms',
  'userRole',
  'planType',
  'billingCycle',
] as const;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  const v = (value ?? '').trim();
  const hit = allowed.find((a) => a.toLowerCase() === v.toLowerCase());
  return hit ?? fallback;
}

function planLabel(plan: PlanType, cycle: BillingCycle): string {
  const price = periodPricePence(plan, cycle);
  if (price === null) return `${PLANS[plan].name} — custom`;
  return `${PLANS[plan].name} — ${formatPence(price)}/${cycle === 'monthly' ? 'mo' : 'yr'}`;
}

export function RegisterScreen() {
  const [params] = useSearchParams();
  const mutation = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<{ email: string; message: string } | null>(null);

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      companyName: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
      userRole: pick<SignupRole>(params.get('role'), SIGNUP_ROLES, 'buyer'),
      planType: pick<PlanType>(params.get('plan'), PLAN_TYPES, DEFAULT_PLAN),
      billingCycle: pick<BillingCycle>(params.get('cycle'), BILLING_CYCLES, DEFAULT_CYCLE),
    },
  });
  const role = watch('userRole');
  const cycle = watch('billingCycle');

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const res = await mutation.mutateAsync({
        firstName: v.firstName,
        lastName: v.lastName,
        companyName: v.companyName,
        email: v.email,
        phone: v.phone ? v.phone : undefined,
        password: v.password,
        userRole: v.userRole,
        planType: v.planType,
        billingCycle: v.billingCycle,
        acceptTerms: true,
      });
      setPricingRole(v.userRole);
      setBillingCycle(v.billingCycle);
      setDone({ email: res.email, message: res.message });
      window.scrollTo({ top: 0 });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      let placed = false;
      for (const name of FIELDS) {
        if (fields[name]) {
          setError(name, { message: fields[name] });
          placed = true;
        }
      }
      if (err instanceof ApiError && err.code === 'EMAIL_TAKEN') {
        setError('email', { message: err.message || 'An account with this email already exists' });
        placed = true;
      }
      if (!placed)
        setFormError(
          err instanceof ApiError && err.status === 429 ? err.message : 'Registration failed. Please try again.',
        );
    }
  });

  if (done) {
    return (
      <div className="text-center">
        <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-200">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">Check your email</h1>
        <p className="mt-3 text-sm text-ink-600">
          We have sent a confirmation link to <strong className="text-ink-900">{done.email}</strong>. Open it to verify
          your email address, then sign in.
        </p>
        <Alert tone="info" className="mt-6 text-left" title="What happens next">
          Our team reviews every new account before it can use the marketplace. This can take up to 48 hours. You can
          sign in, complete your profile and choose your plan in the meantime.
        </Alert>
        <Link to={paths.login} className="mt-6 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Go to sign in
        </Link>
      </div>
    );
  }

  return (
    <>
      <AuthHeading title="Create your account">Join the marketplace for construction buyers and suppliers.</AuthHeading>
      {formError && (
        <Alert tone="danger" live className="mb-5">
          {formError}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <p className="mb-1.5 text-sm font-medium text-ink-800">I am a</p>
          <Segmented
            label="Account type"
            value={role}
            onChange={(v) => setValue('userRole', v, { shouldDirty: true })}
            items={[
              { value: 'buyer', label: 'Buyer' },
              { value: 'supplier', label: 'Supplier' },
            ]}
          />
          <p className="mt-1.5 text-xs text-ink-500">
            {role === 'buyer'
              ? 'Buyers publish tenders and find suppliers for their projects.'
              : 'Suppliers list their products and find tenders to bid on.'}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <SelectField
            label="Plan"
            hint="Prices exclude VAT."
            error={errors.planType?.message}
            {...register('planType')}
          >
            {PLAN_TYPES.map((p) => (
              <option key={p} value={p}>
                {planLabel(p, cycle)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Billing cycle" {...register('billingCycle')}>
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly</option>
          </SelectField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
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
        </div>
        <TextField
          label="Company name"
          autoComplete="organization"
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          optional
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters, with letters and a number."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Checkbox
          id="acceptTerms"
          error={errors.acceptTerms?.message}
          label={
            <>
              I accept the{' '}
              <Link to={paths.terms()} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
                terms, privacy and cookie policies
              </Link>
              .
            </>
          }
          {...register('acceptTerms')}
        />
        <Button type="submit" className="w-full" size="lg" loading={mutation.isPending}>
          Create account
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-500">
        Already have an account?{' '}
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
