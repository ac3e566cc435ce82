import { Link } from 'react-router';
import { useSettings } from '@/shared/settings/settings-store';
import { openSorted } from '@/shared/settings/types';
import { resolveMenuLink } from '@/shared/config/paths';
import { Icon, menuIcon } from '@/shared/ui';
import { i18n } from '@/shared/i18n/i18n';
import { useTranslation } from 'react-i18next';

/** The home shortcut grid from MIDDLE_MENU_SETTING (open items, by sort). */
export function MiddleMenu() {
  useTranslation(); // re-render on language change
  const items = openSorted(useSettings((s) => s.settingConfig.MIDDLE_MENU_SETTING));
  if (items.length === 0) return null;
  return (
    <nav className="middle-menu" data-testid="home-middle-menu">
      {items.map((item) => {
        const key = `menu_${item.key}`;
        return (
          <Link key={item.key} to={resolveMenuLink(item.link)} className="middle-item" data-testid={`middle-${item.key}`}>
            <span className="middle-icon">
              <Icon name={menuIcon(item.key)} size={22} />
            </span>
            <span>{i18n.exists(key) ? (i18n.t(key as never) as string) : item.name}</span>
          </Link>
        );
      })}
    </nav>
  );
}
