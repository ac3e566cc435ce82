/** Server-driven settings (spec 3). Only the fields the client reads are typed; the rest pass through. */
export type Flag = boolean | number | string | null | undefined;

export interface MenuItem {
  name: string;
  key: string;
  link: string;
  sort: number;
  isOpen: Flag;
  imgUrl?: string;
  activeImgUrl?: string;
}

export interface LoginRegisSetting {
  emailIsOpen: Flag;
  phoneIsOpen: Flag;
  ordinaryIsOpen: Flag;
  addressIsOpen?: Flag;
  credits?: string | number;
  inviteCodeRequired: Flag;
  emailCode: Flag;
  phoneCode: Flag;
  accountCode: Flag;
  autoLogin?: Flag;
  [key: string]: unknown;
}

export interface DownloadEntry {
  name: string;
  url: string;
  sort: number;
  isOpen: Flag;
}

export interface SupportStaffEntry {
  name?: string;
  url: string;
  getUrl?: string;
  isOpen?: Flag;
  sort?: number;
}

export interface AuthLimit {
  primaryLimit?: string;
  isOpenPrimary: Flag;
  seniorLimit?: string;
  isOpenSenior: Flag;
}

export interface TimeZoneSetting {
  zoneId?: string;
  offSet?: string;
  offSetValue?: string | number;
  timeFormat?: string;
  list?: { offSet: string; offSetValue: string }[];
}

export interface AppLanguage {
  dictValue: string;
  dictLabel?: string;
  remark?: string;
  imgUrl?: string;
  default?: string;
  dictSort?: number;
  status?: string;
}

export interface SettingConfig {
  LOGIN_REGIS_SETTING?: LoginRegisSetting;
  MIDDLE_MENU_SETTING?: MenuItem[];
  PC_SIDEBAR_SETTING?: MenuItem[];
  APP_SIDEBAR_SETTING?: MenuItem[];
  BOTTOM_MENU_SETTING?: MenuItem[];
  SUPPORT_STAFF_SETTING?: SupportStaffEntry[];
  DOWNLOAD_SETTING?: DownloadEntry[];
  VIP_LEVEL_SETTING?: { isOpen: Flag; [band: string]: unknown };
  AUTH_LIMIT?: AuthLimit;
  timeZone?: TimeZoneSetting;
  t_app_language?: AppLanguage[];
  [key: string]: unknown;
}

/** Settings switches arrive as booleans, 0/1 or "0"/"1"/"true": read them one way. */
export function isOn(flag: Flag | unknown): boolean {
  if (typeof flag === 'boolean') return flag;
  if (typeof flag === 'number') return flag === 1;
  if (typeof flag === 'string') return flag === '1' || flag.toLowerCase() === 'true' || flag === 'Y';
  return false;
}

/** Open entries, sorted by sort. */
export function openSorted<T extends { isOpen?: Flag; sort?: number }>(items: T[] | undefined | null): T[] {
  return (items ?? []).filter((i) => isOn(i.isOpen)).sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
}
