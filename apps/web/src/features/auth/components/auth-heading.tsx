import type { ReactNode } from 'react';

export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-ink-900">{title}</h1>
      {children && <p className="mt-2 text-sm text-ink-500">{children}</p>}
    </div>
  );
}
