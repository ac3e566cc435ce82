// The console's root: the operator's language and theme on <html>, then
// sign-in, enrolment when the server demands it, or the shell.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { consoleI18n } from './i18n';
import type { ConsoleKey } from './keys';
import { mustEnrol, useGate, useMe } from './layout/me';
import { Shell } from './layout/Shell';
import { Loading } from './layout/ui';
import { EnrolScreen } from './pages/signin/EnrolScreen';
import { SignInPage } from './pages/signin/SignInPage';
import { useOperator } from './session';

/** Applies the theme (CSS variables keyed on <html data-theme>) and the language. */
export function usePrefs(): void {
  const theme = useOperator((s) => s.theme);
  const language = useOperator((s) => s.language);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    if (consoleI18n.language !== language) void consoleI18n.changeLanguage(language);
    document.title = (consoleI18n.t as unknown as (k: ConsoleKey) => string)('shell.title');
  }, [language]);
}

export function App() {
  usePrefs();
  const token = useOperator((s) => s.token);
  const client = useQueryClient();
  const wasSignedIn = useRef(!!token);
  useEffect(() => {
    // Signed out (here, or by the server ending the session): nothing of the last operator stays cached.
    if (!token && wasSignedIn.current) {
      client.clear();
      useGate.getState().setEnrolRequired(false);
    }
    wasSignedIn.current = !!token;
  }, [token, client]);
  if (!token) return <SignInPage />;
  return <SignedIn />;
}

function SignedIn() {
  const me = useMe();
  const enrolRequired = useGate((s) => s.enrolRequired);
  if (enrolRequired || (me.data && mustEnrol(me.data))) return <EnrolScreen />;
  if (me.isPending) return <Loading />;
  return <Shell />;
}
