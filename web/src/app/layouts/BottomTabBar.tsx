import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/shared/ui';
import { TAB_BAR_PATHS, paths } from '@/shared/config/paths';
import type { TKey } from '@/shared/i18n/i18n';

export const TABS: { to: string; icon: IconName; label: TKey; id: string }[] = [
  { to: paths.home, icon: 'home', label: 'tab_home', id: 'home' },
  { to: paths.markets, icon: 'chart', label: 'markets_title', id: 'store' },
  { to: paths.secondContracts, icon: 'flash', label: 'tab_flash', id: 'flash' },
  { to: paths.finance, icon: 'finance', label: 'tab_finance', id: 'finance' },
  { to: paths.wallet, icon: 'user', label: 'tab_mine', id: 'wallet' },
];

/**
 * The tab bar shows on the spec's list of paths and on each tab's own screen:
 * a tab that led somewhere without the bar (the spec's list leaves out
 * /finance) would strand the user on it.
 */
export function showsTabBar(pathname: string): boolean {
  return TAB_BAR_PATHS.includes(pathname) || TABS.some((tab) => tab.to === pathname);
}

export function BottomTabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" data-testid="tabbar">
      {TABS.map((tab) => (
        <NavLink key={tab.id} to={tab.to} end className={({ isActive }) => `tabbar-item ${isActive ? 'active' : ''}`} data-testid={`tab-${tab.id}`}>
          <Icon name={tab.icon} size={22} />
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
