// The signed-in frame: side menu, top bar (operator, role, language, theme,
// sign out) and the page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { adminApi } from '../api';
import { useOperator } from '../session';
import { CIcon } from './icons';
import { useCan, useMe } from './me';
import { menuSections, useExtraRoutes } from './menu';
import { PrefsSwitch } from './PrefsSwitch';
import { ErrorNote, Spinner } from './ui';
import { useCt } from './useCt';
import { keyFor } from '../keys';

/** Ends the session on the server (best effort) and here. */
export function useSignOut(): [() => Promise<void>, boolean] {
  const signOut = useOperator((s) => s.signOut);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await adminApi.post('/api/admin/logout');
    } catch {
      // Signed out here either way; the server's session ends on its own in 12 h.
    } finally {
      signOut();
      client.clear();
      setBusy(false);
      // The next sign-in at this browser starts at the dashboard.
      navigate('/', { replace: true });
    }
  };
  return [run, busy];
}

export function SideMenu() {
  const { t } = useCt();
  const can = useCan();
  const me = useMe();
  const extra = useExtraRoutes();
  const sections = menuSections(extra, can);
  return (
    <nav className="c-menu" aria-label={t('shell.menu.label')} data-testid="side-menu">
      {sections.map((s, i) => (
        <div className="c-menu__section" key={i}>
          {s.headingKey ? <div className="c-menu__heading">{t(s.headingKey)}</div> : null}
          {s.entries.map((e) => (
            <NavLink key={e.to} to={e.to} end={e.to === '/'} className={({ isActive }) => (isActive ? 'c-menu__item is-active' : 'c-menu__item')}>
              <CIcon name={e.icon} />
              <span>{t(e.labelKey)}</span>
            </NavLink>
          ))}
        </div>
      ))}
      {me.isPending ? (
        <div className="c-menu__note">
          <Spinner small />
        </div>
      ) : null}
    </nav>
  );
}

export function TopBar({ menuOpen, onMenu }: { menuOpen?: boolean; onMenu?: () => void }) {
  const { t } = useCt();
  const username = useOperator((s) => s.username);
  const role = useOperator((s) => s.role);
  const [signOut, busy] = useSignOut();
  return (
    <header className="c-topbar">
      {onMenu ? (
        <button type="button" className="c-iconbtn c-menu-toggle" onClick={onMenu} aria-expanded={menuOpen} aria-controls="c-side" aria-label={t('shell.drawer.open')} data-testid="menu-toggle">
          <CIcon name="menu" />
        </button>
      ) : null}
      <div className="c-topbar__spacer" />
      <PrefsSwitch />
      <div className="c-operator" data-testid="operator">
        <span className="c-operator__avatar" aria-hidden>
          {(username ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="c-operator__name">{username}</span>
        {role ? <span className="c-operator__role">{t(keyFor('shell.role.', role), { defaultValue: role })}</span> : null}
      </div>
      <button type="button" className="c-btn c-btn--ghost c-btn--small" onClick={() => void signOut()} disabled={busy} data-testid="sign-out">
        <CIcon name="logout" size={16} />
        <span className="c-signout__label">{t('shell.signOut')}</span>
      </button>
    </header>
  );
}

/**
 * On a narrow screen the side menu is a drawer (console.css): the top bar's
 * button opens it over the page; choosing a page, the scrim or Escape closes it.
 */
function useDrawer(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return [open, setOpen];
}

export function Shell() {
  const { t } = useCt();
  const me = useMe();
  const [menuOpen, setMenuOpen] = useDrawer();
  return (
    <div className={menuOpen ? 'c-shell is-menu-open' : 'c-shell'}>
      <aside className="c-side" id="c-side" data-testid="side">
        <div className="c-side__inner">
          <div className="c-brand">
            <span className="c-brand__mark" aria-hidden>
              ◆
            </span>
            <span>{t('shell.brand')}</span>
            <button type="button" className="c-iconbtn c-menu-close" onClick={() => setMenuOpen(false)} aria-label={t('shell.drawer.close')} data-testid="menu-close">
              <CIcon name="close" />
            </button>
          </div>
          <SideMenu />
        </div>
      </aside>
      {menuOpen ? <div className="c-scrim" onClick={() => setMenuOpen(false)} aria-hidden data-testid="menu-scrim" /> : null}
      <div className="c-main">
        <TopBar menuOpen={menuOpen} onMenu={() => setMenuOpen(!menuOpen)} />
        <main className="c-content">
          {me.isError ? <ErrorNote error={me.error} onRetry={() => void me.refetch()} /> : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
