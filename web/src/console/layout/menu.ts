// The side menu: the shell's own pages and the areas other pages register in
// routes-extra.tsx, in the order Dashboard, Users, Queues, Settings, Content,
// Catalogue, Products, House (then any other area), Audit log, My security. An entry shows
// only to an operator who holds its permission.
import { createContext, useContext } from 'react';
import { extraRoutes, type ConsoleRoute } from '../routes-extra';
import type { ConsoleKey } from '../keys';
import type { ConsoleIconName } from './icons';

export interface MenuEntry {
  /** Path under /admin, leading slash ("/" is the dashboard). */
  to: string;
  /** Locale key of the label. */
  labelKey: ConsoleKey;
  permission: string | null;
  icon: ConsoleIconName;
}

export interface MenuSection {
  /** Locale key of the heading, when the area has more than one entry. */
  headingKey: ConsoleKey | null;
  entries: MenuEntry[];
}

export const HEAD_ENTRIES: MenuEntry[] = [
  { to: '/', labelKey: 'shell.menu.dashboard', permission: null, icon: 'dashboard' },
  { to: '/users', labelKey: 'shell.menu.users', permission: 'readUsers', icon: 'users' },
];

export const TAIL_ENTRIES: MenuEntry[] = [
  { to: '/audit', labelKey: 'shell.menu.audit', permission: 'readAudit', icon: 'audit' },
  { to: '/security', labelKey: 'shell.menu.security', permission: null, icon: 'security' },
];

const AREAS: { area: 'queues' | 'settings' | 'content' | 'catalogue' | 'products' | 'house'; icon: ConsoleIconName }[] = [
  { area: 'queues', icon: 'queue' },
  { area: 'settings', icon: 'settings' },
  { area: 'content', icon: 'content' },
  { area: 'catalogue', icon: 'catalogue' },
  { area: 'products', icon: 'layers' },
  { area: 'house', icon: 'house' },
];

const areaOf = (path: string) => path.replace(/^\/+/, '').split('/')[0] ?? '';

/** The menu for an operator: `can` answers whether they hold a permission (null: anyone). */
export function menuSections(extra: readonly ConsoleRoute[], can: (permission: string | null) => boolean): MenuSection[] {
  const listed = extra.filter((r) => r.menuKey && !r.path.includes(':'));
  const areas: string[] = AREAS.map((a) => a.area);
  for (const r of listed) {
    const a = areaOf(r.path);
    if (!areas.includes(a)) areas.push(a);
  }
  const sections: MenuSection[] = [{ headingKey: null, entries: HEAD_ENTRIES.filter((e) => can(e.permission)) }];
  for (const area of areas) {
    const known = AREAS.find((a) => a.area === area);
    const icon = known?.icon ?? 'dot';
    const entries = listed
      .filter((r) => areaOf(r.path) === area && can(r.permission))
      .map((r) => ({ to: `/${r.path.replace(/^\/+/, '')}`, labelKey: r.menuKey as ConsoleKey, permission: r.permission, icon }));
    if (entries.length) sections.push({ headingKey: known && entries.length > 1 ? (`shell.menu.area.${known.area}` as const) : null, entries });
  }
  sections.push({ headingKey: null, entries: TAIL_ENTRIES.filter((e) => can(e.permission)) });
  return sections.filter((s) => s.entries.length > 0);
}

/** The registered pages the router was built with (tests build it with their own). */
export const ExtraRoutesContext = createContext<readonly ConsoleRoute[]>(extraRoutes);

export const useExtraRoutes = () => useContext(ExtraRoutesContext);
