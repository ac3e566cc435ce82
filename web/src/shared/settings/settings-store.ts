import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
// The built-in default copy, shared with the server (it serves the same file).
import defaultsJson from '../../../../crates/kernel/src/settings/defaults.json';
import { storageKeys } from '../storage/storage';
import { ApiError, api } from '../api/client';
import type { AppLanguage, SettingConfig, TimeZoneSetting } from './types';

export const DEFAULT_SETTINGS = defaultsJson as unknown as SettingConfig;
export const DEFAULT_TIME_FORMAT = 'MM/DD/YYYY';
/** Recharge addresses are fetched at most once per this many ms (spec 4, 9). */
export const RECHARGE_ADDRESS_THROTTLE_MS = 5_000;

/** POST /api/recharge/getAdress: the user's deposit address on one network. */
export interface RechargeAddress {
  coin: string;
  network: string;
  address: string;
  /** The operator's one address for everybody (ASSET_COIN coinAddress), not the user's own. */
  shared: boolean;
  rechargeMin: string;
  rechargeMax: string;
}

/** One ASSET_COIN entry to load: `symbol` is its coinName (e.g. USDT-TRC20), `coin` its coin (usdt). */
export interface RechargeCoinRef {
  coin: string;
  symbol: string;
}

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
  /** Recharge address per coin name (ASSET_COIN coinName). */
  userRechageMap: Record<string, RechargeAddress>;
  /** Why a coin name has no address (the server's message), until it is asked for again. */
  rechargeAddressErrors: Record<string, string>;
}

interface SettingsActions {
  /** Apply a server settings object (code 200 of getAllSetting). */
  applySettings: (config: SettingConfig) => void;
  useDefaults: () => void;
  setLanguage: (code: string) => void;
  setLoading: (on: boolean) => void;
  setCollectCoins: (coins: string[]) => void;
  setRechargeAddress: (coinName: string, address: RechargeAddress) => void;
  /**
   * Load the recharge addresses of the coins not yet loaded (spec 4): at most one
   * fetch round per 5 s; coins asked for meanwhile are fetched when the window ends.
   */
  loadRechargeAddresses: (coins: RechargeCoinRef[]) => Promise<void>;
  /** Forget a failure so the next load asks again. */
  clearRechargeAddressError: (coinName: string) => void;
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

let lastRechargeFetchAt = Number.NEGATIVE_INFINITY;
let trailing: { timer: ReturnType<typeof setTimeout>; coins: Map<string, RechargeCoinRef>; done: Promise<void>; resolve: () => void } | null = null;
const inFlightAddresses = new Set<string>();

/** Test hook: forget the throttle window and any scheduled round. */
export function resetRechargeThrottle(): void {
  if (trailing) {
    clearTimeout(trailing.timer);
    trailing.resolve();
  }
  trailing = null;
  lastRechargeFetchAt = Number.NEGATIVE_INFINITY;
  inFlightAddresses.clear();
}

async function fetchRechargeAddress(ref: RechargeCoinRef): Promise<RechargeAddress> {
  const env = await api.postQuery<RechargeAddress>('/api/recharge/getAdress', { coin: ref.coin.toLowerCase(), symbol: ref.symbol }, { silent: true });
  return env.data;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set, get) => ({
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
      rechargeAddressErrors: {},
      applySettings: (config) => set(fromConfig(config)),
      useDefaults: () => set(fromConfig(DEFAULT_SETTINGS)),
      setLanguage: (code) => set({ language: code }),
      setLoading: (on) => set({ loading: on }),
      setCollectCoins: (coins) => set({ hasCollectCoin: coins }),
      setRechargeAddress: (coinName, address) => set((s) => ({ userRechageMap: { ...s.userRechageMap, [coinName]: address } })),
      clearRechargeAddressError: (coinName) =>
        set((s) => {
          const rest = { ...s.rechargeAddressErrors };
          delete rest[coinName];
          return { rechargeAddressErrors: rest };
        }),
      loadRechargeAddresses: (coins) => {
        const missing = (list: RechargeCoinRef[]) => {
          const s = get();
          return list.filter((c) => !s.userRechageMap[c.symbol] && !(c.symbol in s.rechargeAddressErrors) && !inFlightAddresses.has(c.symbol));
        };
        const round = async (list: RechargeCoinRef[]) => {
          const todo = missing(list);
          if (todo.length === 0) return;
          lastRechargeFetchAt = Date.now();
          todo.forEach((c) => inFlightAddresses.add(c.symbol));
          await Promise.all(
            todo.map(async (ref) => {
              try {
                const address = await fetchRechargeAddress(ref);
                get().setRechargeAddress(ref.symbol, address);
              } catch (error) {
                const msg = error instanceof ApiError ? error.msg : '';
                set((s) => ({ rechargeAddressErrors: { ...s.rechargeAddressErrors, [ref.symbol]: msg } }));
              } finally {
                inFlightAddresses.delete(ref.symbol);
              }
            }),
          );
        };
        if (missing(coins).length === 0) return trailing?.done ?? Promise.resolve();
        const wait = lastRechargeFetchAt + RECHARGE_ADDRESS_THROTTLE_MS - Date.now();
        if (wait <= 0 && !trailing) return round(coins);
        // Inside the window: one trailing round collects everything asked for meanwhile.
        if (!trailing) {
          let resolve!: () => void;
          const done = new Promise<void>((r) => (resolve = r));
          const pending = new Map<string, RechargeCoinRef>();
          const timer = setTimeout(() => {
            const list = [...pending.values()];
            trailing = null;
            void round(list).finally(resolve);
          }, Math.max(0, wait));
          trailing = { timer, coins: pending, done, resolve };
        }
        for (const c of coins) trailing.coins.set(c.symbol, c);
        return trailing.done;
      },
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
