// The settings page for the console's router and menu (see routes-extra.tsx),
// its own chunk, loaded when first opened.
import { lazy, Suspense } from 'react';
import type { ConsoleRoute } from '../../routes-extra';
import { Loading } from '../../layout/ui';

const SettingsPage = lazy(() => import('./SettingsPage'));

export const settingsRoutes: ConsoleRoute[] = [
  {
    path: 'settings',
    menuKey: 'settings.menu',
    permission: 'editSettings',
    element: (
      <Suspense fallback={<Loading />}>
        <SettingsPage />
      </Suspense>
    ),
  },
];
