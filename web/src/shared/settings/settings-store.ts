import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
// The built-in default copy, shared with the server (it serves the same file).
import defaultsJson from '../../../../crates/core/src/settings/defaults.json';
import { storageKeys } from '../storage/storage';
import type { AppLanguage, SettingConfig, TimeZoneSetting } from './types';

export const DEFAULT_SETTINGS = defaultsJson as unknown as SettingConfig;
export const DEFAULT_TIME_FORMAT = 'MM/DD/YYYY';

interface SettingsData {
  loading: boolean;
  tradeStatus: boolean;
  tradeFlag: boolean;
  isOption: boolean;
  hasOption: boolean;
  /** Watchlisted coins. */
  hasCollectCoin: string[];
  language: string;
  languageList: AppLanguage[];
  timezone: TimeZoneSetting | null;
  timezoneOffset: string;
  timeFormat: string;
  settingConfig: SettingConfig;
  /** Recharge address per coin name. */
  userRechageMap: Record<string, string>;
}

interface SettingsActions {
  /** Apply a server settings object (code 200 of getAllSetting). */
  applySettings: (config: SettingConfig) => void;
  useDefaults: () => void;
  setLanguage: (code: string) => void;
  setLoading: (on: boolean) => void;
  setCollectCoins: (coins: string[]) => void;
  setRechargeAddress: (coin: string, address: string) => void;
}

export type SettingsState = SettingsData & SettingsActions;

function fromConfig(config: SettingConfig): Partial<SettingsData> {
  const tz = config.timeZone ?? null;
  return {
    settingConfig: config,
    timezone: tz,
    timezoneOffset: tz?.offSet ?? '+08:00',
    timeFormat: tz?.timeFormat || DEFAULT_TIME_FORMAT,
    languageList: config.t_app_language ?? [],
  };
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      loading: false,
      tradeStatus: false,
      tradeFlag: false,
      isOption: false,
      hasOption: false,
      hasCollectCoin: [],
      language: '',
      languageList: DEFAULT_SETTINGS.t_app_language ?? [],
      timezone: DEFAULT_SETTINGS.timeZone ?? null,
      timezoneOffset: DEFAULT_SETTINGS.timeZone?.offSet ?? '+08:00',
      timeFormat: DEFAULT_TIME_FORMAT,
      settingConfig: DEFAULT_SETTINGS,
      userRechageMap: {},
      applySettings: (config) => set(fromConfig(config)),
      useDefaults: () => set(fromConfig(DEFAULT_SETTINGS)),
      setLanguage: (code) => set({ language: code }),
      setLoading: (on) => set({ loading: on }),
      setCollectCoins: (coins) => set({ hasCollectCoin: coins }),
      setRechargeAddress: (coin, address) => set((s) => ({ userRechageMap: { ...s.userRechageMap, [coin]: address } })),
    }),
    {
      name: storageKeys.settings,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        language: s.language,
        languageList: s.languageList,
        timezone: s.timezone,
        timezoneOffset: s.timezoneOffset,
        timeFormat: s.timeFormat,
        settingConfig: s.settingConfig,
        hasCollectCoin: s.hasCollectCoin,
      }),
    },
  ),
);
