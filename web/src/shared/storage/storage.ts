/** Every browser storage key of the app lives under this prefix. */
export const STORAGE_PREFIX = 'onyx:';

export const storageKeys = {
  token: `${STORAGE_PREFIX}token`,
  language: `${STORAGE_PREFIX}language`,
  languageId: `${STORAGE_PREFIX}languageId`,
  userInfo: `${STORAGE_PREFIX}userInfo`,
  theme: `${STORAGE_PREFIX}theme`,
  eyes: `${STORAGE_PREFIX}eyes`,
  closeWindowTime: `${STORAGE_PREFIX}closeWindowTime`,
  testPlatform: `${STORAGE_PREFIX}testPlatform`,
  settings: `${STORAGE_PREFIX}settings`,
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export const local = {
  get<T = string>(key: StorageKey): T | null {
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) return null;
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: unknown): void {
    try {
      if (value === undefined || value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage full or disabled: the app keeps working from memory */
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};
