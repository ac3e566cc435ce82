import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/shared/ui/theme.css';
import '@/shared/i18n/i18n';
import { App } from '@/app/App';
import { installBrowserBehaviour } from '@/app/browser-behaviour';
import { initLanguage } from '@/shared/i18n/language-flow';
import { loadSettings } from '@/shared/settings/load-settings';

/** The settings the server put in the page (crates/server/src/web.rs), so none is requested before the first screen. */
function inlineSettings(): unknown {
  const block = document.getElementById('onyx-settings');
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent);
  } catch {
    return undefined;
  }
}

installBrowserBehaviour();
const settingsReady = loadSettings(inlineSettings());

// A first visit picks its language from the browser and the settings' language list.
initLanguage({ settingsReady })
  .catch((error) => console.error('language init failed', error))
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
