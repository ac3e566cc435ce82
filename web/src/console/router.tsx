// The console's routes under /admin: the shell's pages and those other areas
// register in routes-extra.tsx, each behind the permission it needs.
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { App } from './App';
import { Guard, NotFoundPage } from './layout/Guard';
import { ExtraRoutesContext } from './layout/menu';
import { AuditPage } from './pages/audit/AuditPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { SecurityPage } from './pages/sessions/SecurityPage';
import { UserPage } from './pages/users/UserPage';
import { UsersPage } from './pages/users/UsersPage';
import { extraRoutes, type ConsoleRoute } from './routes-extra';

export const BASENAME = '/admin';

const OWN_ROUTES: ConsoleRoute[] = [
  { path: 'users', menuKey: 'shell.menu.users', permission: 'readUsers', element: <UsersPage /> },
  { path: 'users/:id', menuKey: null, permission: 'readUsers', element: <UserPage /> },
  { path: 'audit', menuKey: 'shell.menu.audit', permission: 'readAudit', element: <AuditPage /> },
  { path: 'security', menuKey: 'shell.menu.security', permission: null, element: <SecurityPage /> },
];

export function consoleRoutes(extra: readonly ConsoleRoute[] = extraRoutes): RouteObject[] {
  const guarded = (r: ConsoleRoute): RouteObject => ({
    path: r.path.replace(/^\/+/, ''),
    element: <Guard permission={r.permission}>{r.element}</Guard>,
  });
  return [
    {
      path: '/',
      element: (
        <ExtraRoutesContext.Provider value={extra}>
          <App />
        </ExtraRoutesContext.Provider>
      ),
      children: [
        { index: true, element: <DashboardPage /> },
        ...OWN_ROUTES.map(guarded),
        ...extra.map(guarded),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createConsoleRouter() {
  return createBrowserRouter(consoleRoutes(), { basename: BASENAME });
}

/** For tests: the same routes in memory, starting at `path` (without /admin). */
export function createTestRouter(path = '/', extra: readonly ConsoleRoute[] = extraRoutes) {
  return createMemoryRouter(consoleRoutes(extra), { initialEntries: [path] });
}
