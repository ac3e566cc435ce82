import { isOn } from '@/shared/settings/types';

export interface VipBand {
  level: number;
  start: string;
  end: string;
}

/** The user's VIP band from VIP_LEVEL_SETTING when it is switched on (amounts stay strings). */
export function vipBand(setting: { isOpen: unknown; [k: string]: unknown } | undefined, level: number | null | undefined): VipBand | null {
  if (!setting || !isOn(setting.isOpen)) return null;
  const lvl = typeof level === 'number' && level >= 0 ? level : 0;
  const start = setting[`vip${lvl}Start`];
  const end = setting[`vip${lvl}End`];
  if (start === undefined) return null;
  return { level: lvl, start: String(start ?? ''), end: String(end ?? '') };
}
