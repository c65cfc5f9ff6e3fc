import { useRouteError } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui';

/** Shown when a screen throws or a chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const chunk =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-200">
        <AlertTriangle className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink-900">Something went wrong</h1>
      <p className="mt-3 text-ink-600">
        {chunk
          ? 'A new version of Brickyard is available. Reload the page to continue.'
          : 'An unexpected error occurred. Reload the page to try again.'}
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}
