import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { ApiError } from '@/lib/api';
import { MAX_TOASTS, TOAST_DURATION_MS } from '@/lib/toast';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not fix themselves; retry network trouble and 5xx once.
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* SPEC.md section 9: 4 s (success 2 s, set per toast in lib/toast), at most 20 held. */}
      <Toaster
        position="bottom-right"
        duration={TOAST_DURATION_MS}
        visibleToasts={MAX_TOASTS}
        richColors
        closeButton
        toastOptions={{ classNames: { toast: 'font-sans' } }}
      />
    </QueryClientProvider>
  );
}
