import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '@/shared/session/session-store';
import { onNavigation, redirectFor } from './navigation-guard';

/** Applies the navigation rules before a screen renders, so a guarded screen never mounts signed out. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const isSign = useSession((s) => s.isSign);
  const redirect = redirectFor(location.pathname, isSign);

  useEffect(() => {
    void onNavigation(isSign, (to) => navigate(to, { replace: true }));
    // each navigation (location.key) runs it once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children}</>;
}
