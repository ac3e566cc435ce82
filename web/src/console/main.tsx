// The operator console: its own page (/admin), client, session and texts; it
// shares nothing stateful with the user app.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import './console.css';
import { consoleI18n } from './i18n';
import { makeQueryClient } from './layout/query';
import { createConsoleRouter } from './router';
import { useOperator } from './session';

// The theme before the first paint: no flash of the other one.
document.documentElement.dataset.theme = useOperator.getState().theme;
void consoleI18n.changeLanguage(useOperator.getState().language);

const client = makeQueryClient();
const router = createConsoleRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={consoleI18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>,
);
