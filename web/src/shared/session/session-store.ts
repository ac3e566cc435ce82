import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { local, storageKeys } from '../storage/storage';
import type { Asset, UserInfo } from '../api/types';

export interface LanguageEntry {
  dictValue: string;
  dictLabel?: string;
  isDefault?: 'Y' | 'N';
  [key: string]: unknown;
}

export interface CustomerServiceEntry {
  url: string;
  getUrl?: string;
  name?: string;
}

interface SessionData {
  token: string;
  isSign: boolean;
  userInfo: UserInfo | null;
  assets: Asset[];
  language: string;
  languageId: string;
  languageList: LanguageEntry[];
  customerServiceList: CustomerServiceEntry[];
  /** Global loading flag: the overlay with 'submittingOrder' shows while on. */
  loading: boolean;
  theme: 'dark' | 'light';
  eyes: boolean;
  closeWindowTime: number | null;
  testPlatform: string | null;
}

interface SessionActions {
  signIn: (token: string) => void;
  setUserInfo: (info: UserInfo, assets?: Asset[]) => void;
  setLanguage: (code: string, id?: string) => void;
  setLanguageList: (list: LanguageEntry[]) => void;
  setCustomerServiceList: (list: CustomerServiceEntry[]) => void;
  setLoading: (on: boolean) => void;
  setEyes: (on: boolean) => void;
  setCloseWindowTime: (at: number | null) => void;
  reset: () => void;
}

export type SessionState = SessionData & SessionActions;

type Persisted = Pick<SessionData, 'token' | 'userInfo' | 'language' | 'languageId' | 'theme' | 'eyes' | 'closeWindowTime' | 'testPlatform'>;

/** Each persisted field has its own key under the onyx: prefix, so sign-out can remove exactly token and user info. */
const splitStorage: PersistStorage<Persisted> = {
  getItem: (): StorageValue<Persisted> => ({
    version: 1,
    state: {
      token: local.get<string>(storageKeys.token) ?? '',
      userInfo: local.get<UserInfo>(storageKeys.userInfo),
      language: local.get<string>(storageKeys.language) ?? '',
      languageId: local.get<string>(storageKeys.languageId) ?? '',
      theme: local.get<'dark' | 'light'>(storageKeys.theme) ?? 'dark',
      eyes: local.get<boolean>(storageKeys.eyes) ?? true,
      closeWindowTime: local.get<number>(storageKeys.closeWindowTime),
      testPlatform: local.get<string>(storageKeys.testPlatform),
    },
  }),
  setItem: (_name, value) => {
    const s = value.state;
    local.set(storageKeys.token, s.token || null);
    local.set(storageKeys.userInfo, s.userInfo);
    if (s.language) local.set(storageKeys.language, s.language);
    if (s.languageId) local.set(storageKeys.languageId, s.languageId);
    local.set(storageKeys.theme, s.theme);
    local.set(storageKeys.eyes, s.eyes);
    local.set(storageKeys.closeWindowTime, s.closeWindowTime);
    if (s.testPlatform) local.set(storageKeys.testPlatform, s.testPlatform);
  },
  removeItem: () => {
    /* fields are removed one by one by signOut */
  },
};

const initialData = (): SessionData => ({
  token: '',
  isSign: false,
  userInfo: null,
  assets: [],
  language: '',
  languageId: '',
  languageList: [],
  customerServiceList: [],
  loading: false,
  theme: 'dark',
  eyes: true,
  closeWindowTime: null,
  testPlatform: null,
});

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      ...initialData(),
      signIn: (token) => set({ token, isSign: Boolean(token) }),
      setUserInfo: (info, assets) => set({ userInfo: info, assets: assets ?? get().assets }),
      setLanguage: (code, id) => set({ language: code, languageId: id ?? get().languageId }),
      setLanguageList: (list) => set({ languageList: list }),
      setCustomerServiceList: (list) => set({ customerServiceList: list }),
      setLoading: (on) => set({ loading: on }),
      setEyes: (on) => set({ eyes: on }),
      setCloseWindowTime: (at) => set({ closeWindowTime: at }),
      reset: () => {
        const s = get();
        // Preferences survive a reset; the account does not.
        set({
          ...initialData(),
          language: s.language,
          languageId: s.languageId,
          languageList: s.languageList,
          customerServiceList: s.customerServiceList,
          theme: s.theme,
          eyes: s.eyes,
          testPlatform: s.testPlatform,
        });
      },
    }),
    {
      name: 'onyx:session',
      version: 1,
      storage: splitStorage,
      partialize: (s): Persisted => ({
        token: s.token,
        userInfo: s.userInfo,
        language: s.language,
        languageId: s.languageId,
        theme: s.theme,
        eyes: s.eyes,
        closeWindowTime: s.closeWindowTime,
        testPlatform: s.testPlatform,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Persisted>;
        return { ...current, ...p, isSign: Boolean(p.token) };
      },
    },
  ),
);

/**
 * Sign out (spec 4): removes the stored token and user info, clears sessionStorage
 * (the test-platform marker survives) and resets the store.
 */
export function signOut(): void {
  const marker = local.get<string>(storageKeys.testPlatform);
  let sessionMarker: string | null = null;
  try {
    sessionMarker = sessionStorage.getItem(storageKeys.testPlatform);
    sessionStorage.clear();
    if (sessionMarker !== null) sessionStorage.setItem(storageKeys.testPlatform, sessionMarker);
  } catch {
    /* storage disabled */
  }
  useSession.getState().reset();
  local.remove(storageKeys.token);
  local.remove(storageKeys.userInfo);
  if (marker !== null) local.set(storageKeys.testPlatform, marker);
}

/** The test-platform marker is honoured only in development builds (spec 3). */
export function isTestPlatform(): boolean {
  return import.meta.env.DEV && Boolean(useSession.getState().testPlatform);
}
