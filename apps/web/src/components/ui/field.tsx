import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input, Textarea } from './input';
import { Label } from './label';
import { Select } from './select';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, control and its error/hint text. The control itself carries aria-describedby. */
export function Field({ id, label, error, hint, optional, className, children }: FieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {optional && <span className="text-xs text-ink-500">Optional</span>}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

type Common = { label: ReactNode; error?: string; hint?: ReactNode; optional?: boolean; fieldClassName?: string };

export function TextField({
  label,
  error,
  hint,
  optional,
  fieldClassName,
  id,
  ...rest
}: Common & ComponentProps<'input'>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Field id={fid} label={label} error={error} hint={hint} optional={optional} className={fieldClassName}>
      <Input
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
      />
    </Field>
  );
}

export function TextareaField({
  label,
  error,
  hint,
  optional,
  fieldClassName,
  id,
  ...rest
}: Common & ComponentProps<'textarea'>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Field id={fid} label={label} error={error} hint={hint} optional={optional} className={fieldClassName}>
      <Textarea
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
      />
    </Field>
  );
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  fieldClassName,
  id,
  children,
  ...rest
}: Common & ComponentProps<'select'>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Field id={fid} label={label} error={error} hint={hint} optional={optional} className={fieldClassName}>
      <Select
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        {...rest}
      >
        {children}
      </Select>
    </Field>
  );
}
