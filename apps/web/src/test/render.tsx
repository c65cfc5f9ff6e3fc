import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';

/**
 * Renders a screen or component as the app would (a query client and a router at `route`), and
 * answers the user to drive it. `pages` are other routes the test may land on, each showing its path.
 */
export function renderApp(ui: ReactElement, { route = '/', pages = [] as string[] } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={route.split('?')[0]} element={ui} />
          {pages.map((p) => (
            <Route key={p} path={p} element={<p>Page {p}</p>} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, client, ...view };
}

/** A fetch that answers every call with `status` and `body` as JSON, recording the calls. */
export function answerFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchMock: typeof fetch = (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  };
  return { fetchMock, calls };
}
