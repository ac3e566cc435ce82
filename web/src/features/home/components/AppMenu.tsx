import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BottomSheet, Icon, menuIcon } from '@/shared/ui';
import { i18n } from '@/shared/i18n/i18n';
import { useSettings } from '@/shared/settings/settings-store';
import { appMenuEntries } from '../lib/app-menu';
import styles from './home.module.css';

/** A menu item's name: translated when the app knows its key, else the operator's name. */
function label(key: string, name: string): string {
  const k = `menu_${key}`;
  return i18n.exists(k) ? (i18n.t(k as never) as string) : name;
}

/** Four squares: the menu of products (drawn here, the shared icon set has no grid). */
function MenuGlyph() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round" aria-hidden="true">
      <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />
    </svg>
  );
}

/**
 * The phone's menu button on home and the sheet it opens: every product the
 * menu settings switch on (see appMenuEntries), so each is two taps from home.
 */
export function AppMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const settings = useSettings((s) => s.settingConfig);
  const entries = appMenuEntries(settings);
  if (entries.length === 0) return null;
  return (
    <>
      <button type="button" className="icon-btn" aria-label={t('home_menu')} aria-expanded={open} onClick={() => setOpen(true)} data-testid="home-menu">
        <MenuGlyph />
      </button>
      {/* Into <body>: the home header's backdrop filter would make it the fixed sheet's frame. */}
      {createPortal(
        <BottomSheet open={open} title={t('home_menu')} onClose={close} testId="app-menu">
          <nav className={styles['menu-grid']} aria-label={t('home_menu')}>
            {entries.map((e) => (
              <Link key={e.key} to={e.to} className={styles['menu-item']} onClick={close} data-testid={`app-menu-${e.key}`}>
                <Icon name={menuIcon(e.key)} size={20} />
                <span>{label(e.key, e.name)}</span>
              </Link>
            ))}
          </nav>
        </BottomSheet>,
        document.body,
      )}
    </>
  );
}
