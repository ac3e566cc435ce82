// For the console's tests: the app in memory at a path, with its own query
// client and texts, and the operator API answered by a table.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { adminApi, AdminApiError } from '../api';
import { consoleI18n } from '../i18n';
import type { ConsoleRoute } from '../routes-extra';
import { createTestRouter } from '../router';
import { useOperator } from '../session';
import { useGate } from './me';
import { makeQueryClient } from './query';

type Reply = unknown | ((body: unknown, params: unknown) => unknown);

/** Routes keyed "GET /api/admin/me"; a function reply gets the body (or query); an AdminApiError reply is thrown. */
export function mockAdminApi(routes: Record<string, Reply>) {
  const calls: { method: string; url: string; body?: unknown; params?: unknown }[] = [];
  const answer = async (method: string, url: string, body?: unknown, params?: unknown) => {
    calls.push({ method, url, body, params });
    const key = `${method} ${url}`;
    if (!(key in routes)) throw new AdminApiError(404, `HTTP 404 (no mock for ${key})`);
    const r = routes[key];
    const value = typeof r === 'function' ? await (r as (b: unknown, p: unknown) => unknown)(body, params) : r;
    if (value instanceof AdminApiError) throw value;
    return value;
  };
  vi.spyOn(adminApi, 'get').mockImplementation((url: string, params?: object) => answer('GET', url, undefined, params) as never);
  vi.spyOn(adminApi, 'post').mockImplementation((url: string, data?: unknown) => answer('POST', url, data) as never);
  vi.spyOn(adminApi, 'put').mockImplementation((url: string, data?: unknown) => answer('PUT', url, data) as never);
  vi.spyOn(adminApi, 'delete').mockImplementation((url: string, data?: unknown) => answer('DELETE', url, data) as never);
  return calls;
}

export function resetConsole(): void {
  sessionStorage.clear();
  useOperator.setState({ token: null, username: null, role: null, language: 'en', theme: 'dark' });
  useGate.setState({ enrolRequired: false });
  void consoleI18n.changeLanguage('en');
}

export function signedInAs(username: string, role: string): void {
  useOperator.setState({ token: 'token-1', username, role });
}

export function renderConsole(path = '/', extra?: ConsoleRoute[]) {
  const client = makeQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false, refetchInterval: false } });
  const router = createTestRouter(path, extra);
  const view = render(
    <I18nextProvider i18n={consoleI18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { client, router, ...view };
}

export function me(role: string, permissions: string[], extra: Record<string, unknown> = {}) {
  return { id: 1, username: 'op', role, totpEnabled: true, totpRequired: false, permissions, ...extra };
}
