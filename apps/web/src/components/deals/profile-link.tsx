import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/**
 * The navigation state the profile view reads (docs/product.md section 2 "Profile view": the profile is
 * fetched for the id passed in navigation state, otherwise for the current user).
 */
export interface ProfileNavState {
  userId: string;
}

/** The viewer's own profile route; the id of the profile to show travels as navigation state. */
export function profilePath(role: string | undefined): string {
  return role === 'supplier' ? paths.supplier.profile : paths.buyer.profile;
}

/** A link to another user's profile (the viewer's profile route with that user's id as state). */
export function ProfileLink({
  userId,
  children,
  className,
}: {
  userId: string;
  children: ReactNode;
  className?: string;
}) {
  const session = useSession();
  const state: ProfileNavState = { userId };
  return (
    <Link
      to={profilePath(session?.role)}
      state={state}
      className={cn('font-medium text-ink-900 underline-offset-2 hover:text-brand-700 hover:underline', className)}
    >
      {children}
    </Link>
  );
}
