import { paths } from '@/shared/config/paths';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

/** Top bar with a back arrow (history back, home when there is none). */
export function NavBar({ title, back = true, right }: { title: ReactNode; back?: boolean; right?: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = () => {
    if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0) navigate(-1);
    else navigate(paths.home);
  };
  return (
    <header className="navbar">
      <div className="navbar-side">
        {back ? (
          <button type="button" className="icon-btn navbar-back" aria-label={t('back')} onClick={goBack} data-testid="nav-back">
            <Icon name="back" size={22} />
          </button>
        ) : null}
      </div>
      <h1 className="navbar-title">{title}</h1>
      <div className="navbar-side navbar-right">{right}</div>
    </header>
  );
}
