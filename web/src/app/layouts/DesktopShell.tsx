import type { ReactNode } from 'react';
import { NavLink, useLocation, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, menuIcon } from '@/shared/ui';
import { useSettings } from '@/shared/settings/settings-store';
import { openSorted, type MenuItem } from '@/shared/settings/types';
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

export function DesktopShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const items = openSorted(useSettings((s) => s.settingConfig.PC_SIDEBAR_SETTING));
  const isSign = useSession((s) => s.isSign);
  return (
    <div className="desktop-shell" data-testid="desktop-shell">
      <aside className="sidebar" data-testid="sidebar">
        <NavLink to="/" className="sidebar-brand">
          <span className="brand-mark">
            <Icon name="shield" size={18} />
          </span>
          <span className="brand-name">{t('brand')}</span>
        </NavLink>
        {items.map((item) => {
          const to = resolveMenuLink(item.link);
          return (
            <NavLink key={item.key} to={to} end={to === '/'} className={({ isActive }) => `sidebar-link ${linkMatches(to, location, isActive) ? 'active' : ''}`} data-testid={`sidebar-${item.key}`}>
              <Icon name={menuIcon(item.key)} size={20} />
              <span>{menuItemLabel(item)}</span>
            </NavLink>
          );
        })}
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
