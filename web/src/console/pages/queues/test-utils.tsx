// Rendering a console page in tests: a fresh query client, the console's
// i18n instance and a router at `route`.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Mock } from 'vitest';
import { adminApi } from '../../api';
import { consoleI18n } from '../../i18n';

export function renderPage(ui: ReactElement, { route = '/page', path = '/page', extra = [] as { path: string; element: ReactElement }[] } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={consoleI18n}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            {extra.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

type Handler = (url: string, bodyOrParams?: unknown) => unknown;

/** The mocked client's four verbs, each answering through `routes` (url → answer or thrown error). */
export function api() {
  return {
    get: adminApi.get as unknown as Mock<Handler>,
    post: adminApi.post as unknown as Mock<Handler>,
    put: adminApi.put as unknown as Mock<Handler>,
    delete: adminApi.delete as unknown as Mock<Handler>,
  };
}

/** Answers GETs by the first matching prefix (an Error answered is thrown); an unknown URL fails the test loudly. */
export function answerGets(routes: [string | RegExp, (params: Record<string, unknown> | undefined, url: string) => unknown][]) {
  api().get.mockImplementation(async (url: string, params?: unknown) => {
    for (const [match, answer] of routes) {
      if (typeof match === 'string' ? url === match : match.test(url)) {
        const value = answer(params as Record<string, unknown> | undefined, url);
        if (value instanceof Error) throw value;
        return value;
      }
    }
    throw new Error(`unexpected GET ${url}`);
  });
}

/** fetch and object URLs for documents: every file is a tiny PNG. */
export function stubDocuments() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'image/png' }),
      blob: async () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
    })),
  );
  if (typeof URL.createObjectURL !== 'function') {
    Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => {} });
  }
}
