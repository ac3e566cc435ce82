import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingOverlay, Toaster } from '@/shared/ui';
import { useSession } from '@/shared/session/session-store';
import { RouteGuard } from '../guards/RouteGuard';
import { CustomerServiceHost } from './CustomerServiceHost';
import { DesktopShell } from './DesktopShell';
import { MobileShell } from './MobileShell';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, search]);
  return null;
}

export function RootLayout() {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const loading = useSession((s) => s.loading);
  const Shell = desktop ? DesktopShell : MobileShell;
  return (
    <>
      <ScrollToTop />
      <Shell>
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </Shell>
      {loading ? <LoadingOverlay /> : null}
      <CustomerServiceHost />
      <Toaster />
    </>
  );
}
