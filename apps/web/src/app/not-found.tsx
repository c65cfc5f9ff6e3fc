import { useEffect } from 'react';
import { Compass } from 'lucide-react';
import { ButtonLink } from '@/components/ui';
import { homePathFor } from '@brickyard/shared';
import { useSession } from '@/lib/session';

export function NotFoundScreen() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Page not found · Brickyard';
  }, []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-200">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wider text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900">Page not found</h1>
      <p className="mt-3 text-ink-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        {session && (
          <ButtonLink to={homePathFor(session.role)} variant="secondary">
            Go to your dashboard
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
