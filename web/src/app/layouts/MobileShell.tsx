import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { TAB_BAR_PATHS } from '@/shared/config/paths';
import { BottomTabBar } from './BottomTabBar';

export function MobileShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const showTabBar = TAB_BAR_PATHS.includes(pathname);
  return (
    <div className={`mobile-shell ${showTabBar ? 'with-tabbar' : ''}`} data-testid="mobile-shell">
      {children}
      {showTabBar ? <BottomTabBar /> : null}
    </div>
  );
}
