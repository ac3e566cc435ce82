import { createBrowserRouter, useRouteError } from 'react-router';
import { PageLoading } from '@/shared/ui';
import { RootLayout } from './layouts/RootLayout';
import { routes } from './routes';

function RouteError() {
  const error = useRouteError();
  // Route lookup failures are logged (spec 8).
  console.error('route error', error);
  return (
    <div className="empty">
      <p>{String((error as Error)?.message ?? error)}</p>
      <a className="link" href="/">Onyx</a>
    </div>
  );
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: PageLoading,
      children: routes,
    },
  ]);
}
