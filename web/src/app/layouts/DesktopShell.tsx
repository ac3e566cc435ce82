import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, menuIcon, type IconName } from '@/shared/ui';
import { useSettings } from '@/shared/settings/settings-store';
import { isOn, openSorted, type MenuItem } from '@/shared/settings/types';
import { paths, resolveMenuLink } from '@/shared/config/paths';
import { i18n } from '@/shared/i18n/i18n';
import { useSession } from '@/shared/session/session-store';

/** A menu item's name: translated when its key is known, else the server's name. */
export function menuItemLabel(item: MenuItem): string {
  const key = `menu_${item.key}`;
  return i18n.exists(key) ? (i18n.t(key as never) as string) : item.name;
}

/**
 * NavLink ignores the query string, so /userauth?tab=primary and
 * /userauth?tab=advanced would both light up; a link with a query is active
 * only when the current URL carries the same parameters.
 */
export function linkMatches(to: string, location: Pick<Location, 'pathname' | 'search'>, isActive: boolean): boolean {
  const query = to.split('?')[1];
  if (!query) return isActive;
  const current = new URLSearchParams(location.search);
  return isActive && [...new URLSearchParams(query)].every(([k, v]) => current.get(k) === v);
}

export interface SidebarEntry {
  key: string;
  to: string;
  label: string;
  icon: IconName;
}

/**
 * The sidebar: the server's PC_SIDEBAR_SETTING entries with the app's own ways in to
 * markets, trade and deposit right after home (or first, without a home entry).
 * A built-in entry the server's menu already links to is not repeated, and one the
 * operator switched off there (`switchedOff`: the closed items) is not brought back.
 */
export function sidebarEntries(menu: SidebarEntry[], builtIn: SidebarEntry[], switchedOff: Pick<SidebarEntry, 'key' | 'to'>[] = []): SidebarEntry[] {
  const taken = new Set([...menu, ...switchedOff].flatMap((m) => [m.key, m.to]));
  const extra = builtIn.filter((b) => !taken.has(b.key) && !taken.has(b.to));
  const home = menu.findIndex((m) => m.to === '/');
  const at = home + 1;
  return [...menu.slice(0, at), ...extra, ...menu.slice(at)];
}

/**
 * The one entry to light up: among entries for the current path, the one whose
 * query the URL carries (futures is /trade?componentName=2), else the plain one;
 * failing those, the entry whose path the current one lies under (/wallet for
 * /wallet/...).
 */
export function activeEntry(entries: Pick<SidebarEntry, 'key' | 'to'>[], location: Pick<Location, 'pathname' | 'search'>): string | undefined {
  const current = new URLSearchParams(location.search);
  let plain: string | undefined;
  let parent: { key: string; length: number } | undefined;
  for (const e of entries) {
    const [pathname, query] = e.to.split('?');
    if (pathname !== location.pathname) {
      if (pathname !== '/' && !query && location.pathname.startsWith(`${pathname}/`) && (!parent || pathname.length > parent.length)) {
        parent = { key: e.key, length: pathname.length };
      }
      continue;
    }
    if (!query) {
      plain ??= e.key;
      continue;
    }
    if ([...new URLSearchParams(query)].every(([k, v]) => current.get(k) === v)) return e.key;
  }
  return plain ?? parent?.key;
}

export function DesktopShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const setting = useSettings((s) => s.settingConfig.PC_SIDEBAR_SETTING);
  const items = openSorted(setting);
  const closed = (setting ?? []).filter((item) => !isOn(item.isOpen)).map((item) => ({ key: item.key, to: resolveMenuLink(item.link) }));
  const isSign = useSession((s) => s.isSign);
  const entries = sidebarEntries(
    items.map((item) => ({ key: item.key, to: resolveMenuLink(item.link), label: menuItemLabel(item), icon: menuIcon(item.key) })),
    [
      { key: 'markets', to: paths.markets, label: t('markets_title'), icon: 'chart' },
      { key: 'trade', to: paths.trade, label: t('menu_trade'), icon: 'trade' },
      { key: 'deposit', to: paths.deposit, label: t('menu_recharge'), icon: 'recharge' },
    ],
    closed,
  );
  const active = activeEntry(entries, location);
  return (
    <div className="desktop-shell" data-testid="desktop-shell">
      <aside className="sidebar" data-testid="sidebar">
        <NavLink to="/" className="sidebar-brand">
          <span className="brand-mark">
            <Icon name="shield" size={18} />
          </span>
          <span className="brand-name">{t('brand')}</span>
        </NavLink>
        {entries.map((entry) => (
          <Link key={entry.key} to={entry.to} className={`sidebar-link ${active === entry.key ? 'active' : ''}`} aria-current={active === entry.key ? 'page' : undefined} data-testid={`sidebar-${entry.key}`}>
            <Icon name={entry.icon} size={20} />
            <span>{entry.label}</span>
          </Link>
        ))}
        <div className="sidebar-foot">
          {isSign ? (
            <NavLink to={paths.wallet} className={({ isActive }) => `sidebar-link ${isActive ? 'active' : ''}`}>
              <Icon name="user" size={20} />
              <span>{t('wallet_title')}</span>
            </NavLink>
          ) : (
            <NavLink to={paths.login} className="sidebar-link">
              <Icon name="user" size={20} />
              <span>{t('lr_signIn')}</span>
            </NavLink>
          )}
          <NavLink to={paths.langList} className={({ isActive }) => `sidebar-link ${isActive ? 'active' : ''}`}>
            <Icon name="globe" size={20} />
            <span>{t('wallet_menu_language')}</span>
          </NavLink>
        </div>
      </aside>
      <div className="desktop-main">{children}</div>
    </div>
  );
}
