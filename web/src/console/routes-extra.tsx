// Pages of the queues, settings, content, catalogue and house areas, wired into the
// console's router and menu by the shell.
import type { ReactNode } from 'react';
import { contentRoutes } from './pages/content/routes';
import { queueRoutes } from './pages/queues/routes';
import { settingsRoutes } from './pages/settings/routes';
import { catalogueRoutes } from './pages/catalogue/routes';
import { houseRoutes } from './pages/house/routes';
import type { ConsoleKey } from './keys';

export interface ConsoleRoute {
  /** Path under /admin, without the leading slash (e.g. "queues/deposits"). */
  path: string;
  /** Menu label key (locales), or null for a page not in the menu. */
  menuKey: ConsoleKey | null;
  /** The permission the page needs (as GET /api/admin/me lists them), or null for any operator. */
  permission: string | null;
  element: ReactNode;
}

export const extraRoutes: ConsoleRoute[] = [...queueRoutes, ...settingsRoutes, ...contentRoutes, ...catalogueRoutes, ...houseRoutes];
