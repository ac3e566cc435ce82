// The content pages for the console's router and menu (see routes-extra.tsx).
import { lazy, Suspense, type ReactNode } from 'react';
import type { ConsoleRoute } from '../../routes-extra';

const ContentPage = lazy(() => import('./ContentPage'));
const ContentEditPage = lazy(() => import('./ContentEditPage'));
const OutboxPage = lazy(() => import('./OutboxPage'));

const page = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

export const contentRoutes: ConsoleRoute[] = [
  { path: 'content', menuKey: 'content.menu.content', permission: 'editContent', element: page(<ContentPage />) },
  { path: 'content/new', menuKey: null, permission: 'editContent', element: page(<ContentEditPage />) },
  { path: 'content/item/:id', menuKey: null, permission: 'editContent', element: page(<ContentEditPage />) },
  { path: 'content/outbox', menuKey: 'content.menu.outbox', permission: 'readOutbox', element: page(<OutboxPage />) },
];
