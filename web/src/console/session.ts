// The signed-in operator: token, name and role, kept for the tab only
// (sessionStorage), so closing the browser ends what the server's 12 h would.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ConsoleLanguage = 'en' | 'zh';
export type Theme = 'dark' | 'light';

interface OperatorState {
  token: string | null;
  username: string | null;
  role: string | null;
  language: ConsoleLanguage;
  theme: Theme;
  signIn: (token: string, username: string, role: string) => void;
  signOut: () => void;
  setLanguage: (l: ConsoleLanguage) => void;
  setTheme: (t: Theme) => void;
}

export const useOperator = create<OperatorState>()(
  persist(
    (set) => ({
      token: null,
      username: null,
      role: null,
      language: 'en',
      theme: 'dark',
      signIn: (token, username, role) => set({ token, username, role }),
      signOut: () => set({ token: null, username: null, role: null }),
      setLanguage: (language) => set({ language }),
      setTheme: (theme) => set({ theme }),
    }),
    {
      name: 'onyx:console',
      storage: createJSONStorage(() => sessionStorage),
    },
  ),
);
