// The withdrawal rules as the server applies them (crates/wallet/src/
// withdrawal_rules.rs): WITHDRAWAL_SETTING, a channel of
// WITHDRAWAL_CHANNEL_SETTING overriding it field by field, AUTH_LIMIT (BTC
// equivalent over 24 hours) and the platform day of timeZone. Read from
// GET /api/admin/settings: today's settings, not necessarily those of the
// day the request was made.
import Decimal from 'decimal.js';

type Json = Record<string, unknown>;

export interface AppliedRules {
  channelKnown: boolean;
  channelOpen: boolean;
  min: string | null;
  max: string | null;
  fee: string;
  ratio: string;
  dayCount: number;
  freeCount: number;
  window: { limited: boolean; start: string; end: string };
  offset: string;
  checkPass: boolean;
  checkCode: boolean;
  sameAddress: boolean;
  primaryLimit: string | null;
  seniorLimit: string | null;
}

function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function flag(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 'true';
}

function count(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v.trim());
  return null;
}

function obj(v: unknown): Json {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
}

export function rulesFor(settings: Json, channelName: string): AppliedRules {
  const global = obj(settings.WITHDRAWAL_SETTING);
  const channels = Array.isArray(settings.WITHDRAWAL_CHANNEL_SETTING) ? (settings.WITHDRAWAL_CHANNEL_SETTING as unknown[]).map(obj) : [];
  const channel = channels.find((c) => text(c.rechargeName) === channelName);
  const c = channel ?? {};
  const auth = obj(settings.AUTH_LIMIT);
  const zone = obj(settings.timeZone);
  return {
    channelKnown: !!channel,
    channelOpen: channel ? flag(c.status) : false,
    // `withdrawalMix` is the minimum's historical name.
    min: text(c.withdrawalMix) ?? text(global.withdrawalMix),
    max: text(c.withdrawalMax) ?? text(global.withdrawalMax),
    fee: text(c.fee) ?? '0',
    ratio: text(c.ratio) ?? text(global.ratio) ?? '0',
    dayCount: count(c.dayWithdrawalNum) ?? count(global.dayWithdrawalNum) ?? 0,
    freeCount: count(c.freeNum) ?? count(global.freeNum) ?? 0,
    window: {
      limited: flag(global.limitTime),
      start: text(global.limitTimeStart) ?? '00:00:00',
      end: text(global.limitTimeEnd) ?? '23:59:59',
    },
    offset: text(zone.offSet) ?? '+00:00',
    checkPass: flag(global.checkPass),
    checkCode: flag(global.checkCode),
    sameAddress: flag(global.sameAddress),
    primaryLimit: flag(auth.isOpenPrimary) ? text(auth.primaryLimit) : null,
    seniorLimit: flag(auth.isOpenSenior) ? text(auth.seniorLimit) : null,
  };
}

/** -1 below, 0 inside, 1 above [min, max]; null when an end is not a number. */
export function placeInRange(amount: string, min: string | null, max: string | null): -1 | 0 | 1 | null {
  try {
    const a = new Decimal(amount);
    if (min !== null && a.lt(new Decimal(min))) return -1;
    if (max !== null && a.gt(new Decimal(max))) return 1;
    return 0;
  } catch {
    return null;
  }
}

/** Minutes east of UTC of "+08:00" / "-05:30"; 0 when malformed. */
export function offsetMinutes(offset: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim());
  if (!m) return 0;
  const n = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -n : n;
}

/** Start of the platform day holding `now` (ms since the epoch). */
export function platformDayStart(now: number, offset: string): number {
  const shift = offsetMinutes(offset) * 60_000;
  const day = 86_400_000;
  return Math.floor((now + shift) / day) * day - shift;
}

/** The BTC-equivalent limit a user of `tier` is held to (AuthLimit::limit_for), null when none. */
export function kycLimit(rules: AppliedRules, tier: 'none' | 'primary' | 'advanced'): string | null {
  const primary = rules.primaryLimit !== null && tier === 'none' ? rules.primaryLimit : null;
  const senior = rules.seniorLimit !== null && tier !== 'advanced' ? rules.seniorLimit : null;
  if (primary !== null && senior !== null) {
    try {
      return new Decimal(primary).lte(new Decimal(senior)) ? primary : senior;
    } catch {
      return primary;
    }
  }
  return primary ?? senior;
}
