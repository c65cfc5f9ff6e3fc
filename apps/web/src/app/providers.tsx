import { useState, type CSSProperties, type ReactNode } from 'react';
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

const TOAST_TEXT_COLOURS = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 35%)',
} as CSSProperties;

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* docs/product.md section 9: 4 s (success 2 s, set per toast in lib/toast), at most 20 held. */}
      <Toaster
        position="bottom-right"
        duration={TOAST_DURATION_MS}
        visibleToasts={MAX_TOASTS}
        richColors
        closeButton
        toastOptions={{ classNames: { toast: 'font-sans' } }}
        // Sonner's rich colours put text at about 4.3:1 on the tinted backgrounds; these darker
        // shades of the same hues reach WCAG AA (4.5:1) for the toasts' small text.
        style={TOAST_TEXT_COLOURS}
      />
    </QueryClientProvider>
  );
}
