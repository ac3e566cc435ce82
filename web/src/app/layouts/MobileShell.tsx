import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BottomTabBar, showsTabBar } from './BottomTabBar';

export function MobileShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const showTabBar = showsTabBar(pathname);
  return (
    <div className={`mobile-shell ${showTabBar ? 'with-tabbar' : ''}`} data-testid="mobile-shell">
      {children}
      {showTabBar ? <BottomTabBar /> : null}
    </div>
  );
}
