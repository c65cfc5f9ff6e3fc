import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#0f172a" />
      <rect x="6" y="17" width="9" height="6" rx="1" fill="#f59e0b" />
      <rect x="17" y="17" width="9" height="6" rx="1" fill="#f59e0b" />
      <rect x="11" y="9" width="10" height="6" rx="1" fill="#fbbf24" />
    </svg>
  );
}

export function Logo({
  to = '/',
  tone = 'dark',
  className,
}: {
  to?: string;
  tone?: 'dark' | 'light';
  className?: string;
}) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 rounded-md', className)} aria-label="Brickyard home">
      <LogoMark />
      <span className={cn('text-lg font-bold tracking-tight', tone === 'dark' ? 'text-ink-900' : 'text-white')}>
        Brickyard
      </span>
    </Link>
  );
}
