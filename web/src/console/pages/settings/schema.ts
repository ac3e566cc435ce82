// The settings form's schema, validation and diff: pure code, no React.
//
// The server has no JSON schema per key: its built-in defaults
// (crates/kernel/src/settings/defaults.json, imported here as the user app
// does) double as the schema, and `validate` in crates/kernel/src/settings
// checks that an edit keeps each key's shape. `deriveSchema` reads the same
// defaults into a JSON-schema-like description with exactly the server's
// rules (a boolean stays a boolean, a number a whole number >= 0, a string
// whose default is a decimal a non-negative decimal or empty, a time of day
// HH:MM:SS, objects keep their fields, list items follow the first default
// item), and `REFINEMENTS` adds what the services reading the settings check
// later (wallet: withdrawal maximum present, percents 0..100, min <= max) and
// what a form needs (switches, enumerations, list identity and order).
import Decimal from 'decimal.js';
import defaultsJson from '../../../../../crates/kernel/src/settings/defaults.json';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type Segment = string | number;

/** The 25 keys in spec order (crates/kernel/src/settings/mod.rs KEYS). */
export const SETTING_KEYS = [
  'LOGIN_REGIS_SETTING',
  'PLAYING_SETTING',
  'APPROVE_ADDRESS',
  'MING_SETTLEMENT_SETTING',
  'APP_SIDEBAR_SETTING',
  'SUPPORT_STAFF_SETTING',
  'BOTTOM_MENU_SETTING',
  'MARKET_URL',
  'LOGO_SETTING',
  'WITHDRAWAL_SETTING',
  'MIDDLE_MENU_SETTING',
  'PC_SIDEBAR_SETTING',
  'WITHDRAWAL_CHANNEL_SETTING',
  'HOME_COIN_SETTING',
  'DOWNLOAD_SETTING',
  'TAB_SETTING',
  'VIP_LEVEL_SETTING',
  'timeZone',
  'FINANCIAL_REBATE_SETTING',
  'AUTH_LIMIT',
  'VIP_DIRECTIONS_SETTING',
  't_app_language',
  'TRADER_SETTING',
  'ASSET_COIN',
  'DEFI_INCOME_SETTING',
] as const;

export type SettingKey = (typeof SETTING_KEYS)[number];

export const SETTING_DEFAULTS = defaultsJson as unknown as Record<SettingKey, Json>;

// ---- the description --------------------------------------------------

/** Limits of crates/kernel/src/settings/mod.rs. */
export const STRING_MAX = 4000;
export const LIST_MAX = 500;
/** A JSON number the browser holds exactly (the server takes any u64). */
export const INTEGER_MAX = Number.MAX_SAFE_INTEGER;
/** Amount::parse: at most 18 decimals (kernel money SCALE_MAX). */
export const DECIMAL_SCALE_MAX = 18;
/** Whole digits a decimal may have (kernel money WHOLE_DIGITS_MAX). */
export const DECIMAL_WHOLE_MAX = 20;

/** A value stored as one of two values, edited as a switch. */
export interface Flag<T> {
  on: T;
  off: T;
}

export interface BooleanSchema {
  type: 'boolean';
}

export interface IntegerSchema {
  type: 'integer';
  minimum: number;
  maximum: number;
  /** 0/1 and the like: a switch. */
  flag?: Flag<number>;
  enum?: number[];
}

export interface StringSchema {
  type: 'string';
  maxLength: number;
  /** `decimal`: a non-negative plain decimal or empty; `time`: HH:MM:SS. */
  format?: 'decimal' | 'time';
  /** Must not be empty (after trimming). */
  nonEmpty?: boolean;
  /** Largest decimal value allowed (format decimal). */
  maxDecimal?: string;
  /** `maxDecimal` itself is not allowed. */
  maxExclusive?: boolean;
  enum?: string[];
  flag?: Flag<string>;
}

/** A rule over the fields of one object. */
export type ObjectRule =
  | { kind: 'notAbove'; low: string; high: string }
  | { kind: 'sumNotAbove'; fields: string[]; max: string };

export interface ObjectSchema {
  type: 'object';
  properties: Record<string, FieldSchema>;
  /** Fields that must be present (the server: every field of the default). */
  required: string[];
  rules?: ObjectRule[];
}

export interface ArraySchema {
  type: 'array';
  /** The first default item's shape; null: any object (an empty default list). */
  items: FieldSchema | null;
  maxItems: number;
  /** The item field naming an item (unique, non-empty), for labels and the diff. */
  identity?: string;
  /** The item field the user app orders by: renumbered when items move. */
  sortField?: string;
  /** The item field switching an item on and off. */
  toggleField?: string;
  /** Exactly one item has `field` equal to `value` (the default language). */
  exactlyOne?: { field: string; value: Json };
}

export type FieldSchema = BooleanSchema | IntegerSchema | StringSchema | ObjectSchema | ArraySchema;

/** What REFINEMENTS may add to a derived schema node. */
export type Refinement =
  | Partial<Omit<IntegerSchema, 'type'>>
  | Partial<Omit<StringSchema, 'type'>>
  | Pick<ObjectSchema, 'rules'>
  | Partial<Omit<ArraySchema, 'type' | 'items'>>;

const PERCENT = { maxDecimal: '100' } as const;
const BINARY: Refinement = { flag: { on: 1, off: 0 } };

function vipRules(): ObjectRule[] {
  return Array.from({ length: 13 }, (_, n) => ({ kind: 'notAbove' as const, low: `vip${n}Start`, high: `vip${n}End` }));
}

/**
 * Additions to the derived schema, by path pattern (`KEY.field`, `[]` for
 * "every item"). Every addition is consistent with what the server and the
 * services reading the settings accept.
 */
export const REFINEMENTS: Record<string, Refinement> = {
  // wallet/src/withdrawal_rules.rs: the maximum is required, ratios are
  // percents 0..100, limitTime and a channel's status are 0/1 flags.
  WITHDRAWAL_SETTING: { rules: [{ kind: 'notAbove', low: 'withdrawalMix', high: 'withdrawalMax' }] },
  'WITHDRAWAL_SETTING.withdrawalMax': { nonEmpty: true },
  'WITHDRAWAL_SETTING.ratio': PERCENT,
  'WITHDRAWAL_SETTING.limitTime': BINARY,
  'WITHDRAWAL_SETTING.dayWithdrawalNum': { maximum: 4294967295 },
  'WITHDRAWAL_SETTING.freeNum': { maximum: 4294967295 },
  'WITHDRAWAL_CHANNEL_SETTING[]': { rules: [{ kind: 'notAbove', low: 'withdrawalMix', high: 'withdrawalMax' }] },
  'WITHDRAWAL_CHANNEL_SETTING[].status': BINARY,
  'WITHDRAWAL_CHANNEL_SETTING[].ratio': PERCENT,
  'WITHDRAWAL_CHANNEL_SETTING[].dayWithdrawalNum': { maximum: 4294967295 },
  'WITHDRAWAL_CHANNEL_SETTING[].freeNum': { maximum: 4294967295 },
  WITHDRAWAL_CHANNEL_SETTING: { toggleField: 'status', identity: 'rechargeName' },
  'ASSET_COIN[]': { rules: [{ kind: 'notAbove', low: 'rechargeMin', high: 'rechargeMax' }] },
  ASSET_COIN: { identity: 'coinName' },
  'ASSET_COIN[].coin': { nonEmpty: true },
  VIP_LEVEL_SETTING: { rules: vipRules() },
  // rewards/src/rules.rs: each rebate ratio 0..100 and together at most 100.
  FINANCIAL_REBATE_SETTING: { rules: [{ kind: 'sumNotAbove', fields: ['oneRatio', 'twoRatio', 'threeRatio'], max: '100' }] },
  'FINANCIAL_REBATE_SETTING.oneRatio': PERCENT,
  'FINANCIAL_REBATE_SETTING.twoRatio': PERCENT,
  'FINANCIAL_REBATE_SETTING.threeRatio': PERCENT,
  // copy-trading/src/settings.rs: a share of the profit, 0 <= rate < 1.
  'TRADER_SETTING.shareRate': { maxDecimal: '1', maxExclusive: true },
  'LOGO_SETTING.name': { nonEmpty: true },
  'timeZone.zoneId': { nonEmpty: true },
  'timeZone.list': { identity: 'offSet' },
  // RuoYi dictionary rows: status "0" is in use, "1" switched off; one default.
  t_app_language: { identity: 'dictValue', toggleField: 'status', sortField: 'dictSort', exactlyOne: { field: 'default', value: 'Y' } },
  't_app_language[].status': { flag: { on: '0', off: '1' } },
  't_app_language[].default': { flag: { on: 'Y', off: 'N' } },
  't_app_language[].dictLabel': { nonEmpty: true },
};

/** Item fields that name an item, most telling first. */
const IDENTITY_FIELDS = ['key', 'dictValue', 'coinName', 'rechargeName', 'coin', 'name', 'offSet', 'url'];

function isPlainDecimal(s: string): boolean {
  return /^\d+(\.\d+)?$/.test(s);
}

/** kernel money Amount::parse: a plain non-negative decimal the server can hold. */
export function isAmount(s: string): boolean {
  if (!isPlainDecimal(s)) return false;
  const [whole, fraction = ''] = s.split('.');
  const significantWhole = whole.replace(/^0+/, '');
  const significantFraction = fraction.replace(/0+$/, '');
  return significantWhole.length <= DECIMAL_WHOLE_MAX && significantFraction.length <= DECIMAL_SCALE_MAX;
}

/** The server's is_time_of_day. */
export function isTimeOfDay(s: string): boolean {
  const parts = s.split(':');
  return (
    parts.length === 3 &&
    parts.every((p) => /^\d\d$/.test(p)) &&
    parts[0] < '24' &&
    parts[1] < '60' &&
    parts[2] < '60'
  );
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The schema of one default value, as the server reads it. */
export function deriveSchema(value: Json): FieldSchema {
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'number') return { type: 'integer', minimum: 0, maximum: INTEGER_MAX };
  if (typeof value === 'string') {
    const s: StringSchema = { type: 'string', maxLength: STRING_MAX };
    if (isAmount(value)) s.format = 'decimal';
    else if (isTimeOfDay(value)) s.format = 'time';
    return s;
  }
  if (Array.isArray(value)) {
    const items = value.length > 0 ? deriveSchema(value[0]) : null;
    const a: ArraySchema = { type: 'array', items, maxItems: LIST_MAX };
    if (items?.type === 'object') {
      const props = items.properties;
      a.identity = IDENTITY_FIELDS.find((f) => props[f]?.type === 'string');
      a.sortField = ['sort', 'dictSort'].find((f) => props[f]?.type === 'integer');
      if (props.isOpen?.type === 'boolean') a.toggleField = 'isOpen';
    }
    return a;
  }
  if (isObject(value)) {
    const properties: Record<string, FieldSchema> = {};
    for (const [k, v] of Object.entries(value)) properties[k] = deriveSchema(v);
    return { type: 'object', properties, required: Object.keys(value) };
  }
  // null never appears in the defaults; treat it as free text.
  return { type: 'string', maxLength: STRING_MAX };
}

function refine(schema: FieldSchema, pattern: string, table: Record<string, Refinement>): FieldSchema {
  const extra = table[pattern];
  let out: FieldSchema = extra ? ({ ...schema, ...extra } as FieldSchema) : schema;
  if (out.type === 'object') {
    const properties: Record<string, FieldSchema> = {};
    for (const [k, v] of Object.entries(out.properties)) properties[k] = refine(v, `${pattern}.${k}`, table);
    out = { ...out, properties };
  } else if (out.type === 'array' && out.items) {
    out = { ...out, items: refine(out.items, `${pattern}[]`, table) };
  }
  // A list's identity field must be filled in (and is kept unique by validate).
  if (out.type === 'array' && out.identity && out.items?.type === 'object') {
    const idSchema = out.items.properties[out.identity];
    if (idSchema?.type === 'string') {
      out = {
        ...out,
        items: { ...out.items, properties: { ...out.items.properties, [out.identity]: { ...idSchema, nonEmpty: true } } },
      };
    }
  }
  return out;
}

/** The schema of a key: its default's shape with the refinements. */
export function schemaFor(key: string, defaults: Record<string, Json> = SETTING_DEFAULTS, table = REFINEMENTS): FieldSchema | null {
  const d = defaults[key];
  if (d === undefined) return null;
  return refine(deriveSchema(d), key, table);
}

// ---- paths --------------------------------------------------------------

/** `KEY.field[0].sub`, as the server names a field in its messages. */
export function pathString(key: string, segs: Segment[]): string {
  return segs.reduce<string>((acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : `${acc}.${s}`), key);
}

/** The segments of a path string under `key` (null if it is not under it). */
export function parsePath(key: string, path: string): Segment[] | null {
  if (path !== key && !path.startsWith(`${key}.`) && !path.startsWith(`${key}[`)) return null;
  const rest = path.slice(key.length);
  const segs: Segment[] = [];
  const re = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < rest.length) {
    re.lastIndex = at;
    m = re.exec(rest);
    if (!m) return null;
    segs.push(m[1] !== undefined ? m[1] : Number(m[2]));
    at = re.lastIndex;
  }
  return segs;
}

export function getAt(value: Json | undefined, segs: Segment[]): Json | undefined {
  let v: Json | undefined = value;
  for (const s of segs) {
    if (typeof s === 'number') v = Array.isArray(v) ? v[s] : undefined;
    else v = isObject(v) ? v[s] : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

/** A copy of `value` with `next` at `segs` (containers on the way copied, not mutated). */
export function setAt(value: Json, segs: Segment[], next: Json): Json {
  if (segs.length === 0) return next;
  const [head, ...rest] = segs;
  if (typeof head === 'number') {
    const arr = Array.isArray(value) ? [...value] : [];
    arr[head] = setAt(arr[head] ?? null, rest, next);
    return arr;
  }
  const obj: JsonObject = isObject(value) ? { ...value } : {};
  obj[head] = setAt(obj[head] ?? null, rest, next);
  return obj;
}

/** The schema node at `segs`. */
export function schemaAt(schema: FieldSchema | null, segs: Segment[]): FieldSchema | null {
  let s: FieldSchema | null = schema;
  for (const seg of segs) {
    if (!s) return null;
    if (typeof seg === 'number') s = s.type === 'array' ? s.items : null;
    else s = s.type === 'object' ? (s.properties[seg] ?? null) : null;
  }
  return s;
}

// ---- validation -------------------------------------------------------

export type IssueCode =
  | 'boolean'
  | 'integer'
  | 'integerMax'
  | 'string'
  | 'object'
  | 'list'
  | 'itemObject'
  | 'missing'
  | 'unknownField'
  | 'decimal'
  | 'decimalMax'
  | 'decimalBelow'
  | 'sumNotAbove'
  | 'time'
  | 'tooLong'
  | 'tooMany'
  | 'required'
  | 'enum'
  | 'notAbove'
  | 'duplicate'
  | 'exactlyOne';

export interface Issue {
  /** Server-style path: `WITHDRAWAL_SETTING.withdrawalMix`. */
  path: string;
  code: IssueCode;
  params?: Record<string, string | number>;
}

function decimalOf(s: string): Decimal | null {
  if (!isAmount(s)) return null;
  try {
    return new Decimal(s);
  } catch {
    return null;
  }
}

function check(schema: FieldSchema, value: Json | undefined, key: string, segs: Segment[], out: Issue[]): void {
  const path = pathString(key, segs);
  switch (schema.type) {
    case 'boolean':
      if (typeof value !== 'boolean') out.push({ path, code: 'boolean' });
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < schema.minimum) {
        out.push({ path, code: 'integer' });
      } else if (value > schema.maximum) {
        out.push({ path, code: 'integerMax', params: { max: schema.maximum } });
      } else if (schema.flag && value !== schema.flag.on && value !== schema.flag.off) {
        out.push({ path, code: 'enum', params: { values: `${schema.flag.on}, ${schema.flag.off}` } });
      } else if (schema.enum && !schema.enum.includes(value)) {
        out.push({ path, code: 'enum', params: { values: schema.enum.join(', ') } });
      }
      return;
    case 'string': {
      if (typeof value !== 'string') {
        out.push({ path, code: 'string' });
        return;
      }
      if (value.length > schema.maxLength) {
        out.push({ path, code: 'tooLong', params: { max: schema.maxLength } });
        return;
      }
      if (schema.nonEmpty && value.trim() === '') {
        out.push({ path, code: 'required' });
        return;
      }
      if (schema.format === 'decimal' && value !== '') {
        const d = decimalOf(value);
        if (!d) out.push({ path, code: 'decimal' });
        else if (schema.maxDecimal !== undefined && (schema.maxExclusive ? d.gte(schema.maxDecimal) : d.gt(schema.maxDecimal))) {
          out.push({ path, code: schema.maxExclusive ? 'decimalBelow' : 'decimalMax', params: { max: schema.maxDecimal } });
        }
      } else if (schema.format === 'time' && !isTimeOfDay(value)) {
        out.push({ path, code: 'time' });
      } else if (schema.flag && value !== schema.flag.on && value !== schema.flag.off) {
        out.push({ path, code: 'enum', params: { values: `${schema.flag.on}, ${schema.flag.off}` } });
      } else if (schema.enum && !schema.enum.includes(value)) {
        out.push({ path, code: 'enum', params: { values: schema.enum.join(', ') } });
      }
      return;
    }
    case 'object': {
      if (!isObject(value)) {
        out.push({ path, code: 'object' });
        return;
      }
      for (const k of Object.keys(value)) {
        if (!(k in schema.properties)) out.push({ path: pathString(key, [...segs, k]), code: 'unknownField' });
      }
      for (const [k, s] of Object.entries(schema.properties)) {
        if (!(k in value)) {
          if (schema.required.includes(k)) out.push({ path: pathString(key, [...segs, k]), code: 'missing' });
          continue;
        }
        check(s, value[k], key, [...segs, k], out);
      }
      for (const rule of schema.rules ?? []) {
        if (rule.kind === 'sumNotAbove') {
          const parts = rule.fields.map((f) => value[f]);
          if (parts.some((p) => typeof p !== 'string' || (p !== '' && !decimalOf(p)))) continue;
          const sum = parts.reduce<Decimal>((acc, p) => acc.plus(p === '' ? 0 : (p as string)), new Decimal(0));
          if (sum.gt(rule.max)) {
            out.push({ path: pathString(key, [...segs, rule.fields[0]]), code: 'sumNotAbove', params: { fields: rule.fields.join(' + '), max: rule.max } });
          }
          continue;
        }
        const low = value[rule.low];
        const high = value[rule.high];
        if (typeof low !== 'string' || typeof high !== 'string' || low === '' || high === '') continue;
        const [l, h] = [decimalOf(low), decimalOf(high)];
        if (l && h && l.gt(h)) {
          out.push({ path: pathString(key, [...segs, rule.low]), code: 'notAbove', params: { other: rule.high } });
        }
      }
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) {
        out.push({ path, code: 'list' });
        return;
      }
      if (value.length > schema.maxItems) {
        out.push({ path, code: 'tooMany', params: { max: schema.maxItems } });
        return;
      }
      value.forEach((item, i) => {
        if (schema.items) check(schema.items, item, key, [...segs, i], out);
        else if (!isObject(item)) out.push({ path: pathString(key, [...segs, i]), code: 'itemObject' });
      });
      if (schema.identity) {
        const seen = new Map<string, number>();
        value.forEach((item, i) => {
          const id = isObject(item) ? item[schema.identity!] : undefined;
          if (typeof id !== 'string' || id.trim() === '') return;
          const norm = id.trim().toLowerCase();
          if (seen.has(norm)) {
            out.push({ path: pathString(key, [...segs, i, schema.identity!]), code: 'duplicate', params: { value: id } });
          } else seen.set(norm, i);
        });
      }
      if (schema.exactlyOne && value.length > 0) {
        const { field, value: wanted } = schema.exactlyOne;
        const count = value.filter((item) => isObject(item) && item[field] === wanted).length;
        if (count !== 1) out.push({ path, code: 'exactlyOne', params: { field, count } });
      }
      return;
    }
  }
}

/** Every problem of `value` as the value of `key`, in form order. */
export function validateValue(key: string, value: Json | undefined, schema: FieldSchema | null = schemaFor(key)): Issue[] {
  if (!schema) return [{ path: key, code: 'unknownField' }];
  const out: Issue[] = [];
  check(schema, value, key, [], out);
  return out;
}

/** Issues keyed by path (the first per path). */
export function issuesByPath(issues: Issue[]): Record<string, Issue> {
  const out: Record<string, Issue> = {};
  for (const i of issues) if (!out[i.path]) out[i.path] = i;
  return out;
}

/** The translation key of an issue's message (locales/<lang>/settings.json). */
export function issueKey(issue: Pick<Issue, 'code'>): string {
  return `settings.error.${issue.code}`;
}

/**
 * Where the server's refusal points: `setting_invalid`'s message carries the
 * validator's detail, which starts with the offending path in any language
 * (`Invalid value for setting K: K.a[0].b must be ...`). Null if none.
 */
export function serverIssuePath(key: string, message: string): string | null {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`${escaped}((?:\\.[A-Za-z_$][\\w$]*|\\[\\d+\\])+)`, 'g');
  let best: string | null = null;
  for (const m of message.matchAll(re)) {
    if (!best || m[0].length > best.length) best = m[0];
  }
  return best;
}

// ---- editing lists ------------------------------------------------------

/** A new item for a list of this schema: blank, switched off, last in order. */
export function templateOf(schema: FieldSchema | null): Json {
  if (!schema) return {};
  switch (schema.type) {
    case 'boolean':
      return false;
    case 'integer':
      return schema.flag ? schema.flag.off : (schema.enum?.[0] ?? 0);
    case 'string':
      return schema.flag ? schema.flag.off : (schema.enum?.[0] ?? '');
    case 'array':
      return [];
    case 'object': {
      const out: JsonObject = {};
      for (const [k, s] of Object.entries(schema.properties)) out[k] = templateOf(s);
      return out;
    }
  }
}

function sortValues(list: Json[], field: string): number[] | null {
  const vals = list.map((it) => (isObject(it) ? it[field] : undefined));
  return vals.every((v) => typeof v === 'number') ? (vals as number[]) : null;
}

function renumber(list: Json[], field: string): Json[] {
  return list.map((it, i) => (isObject(it) ? { ...it, [field]: i + 1 } : it));
}

/** Appends a new item (its order field after the others). */
export function addItem(list: Json[], schema: ArraySchema): Json[] {
  let item = templateOf(schema.items);
  if (schema.sortField && isObject(item)) {
    const vals = sortValues(list, schema.sortField) ?? [];
    item = { ...item, [schema.sortField]: (vals.length ? Math.max(...vals) : 0) + 1 };
  }
  return [...list, item];
}

export function removeItem(list: Json[], index: number): Json[] {
  return list.filter((_, i) => i !== index);
}

/**
 * Moves an item one place up (-1) or down (+1). The user app orders by the
 * order field, so the two items trade their order values; if the order was
 * not increasing already, every item is renumbered 1..n.
 */
export function moveItem(list: Json[], index: number, dir: -1 | 1, schema: ArraySchema): Json[] {
  const j = index + dir;
  if (j < 0 || j >= list.length || index < 0 || index >= list.length) return list;
  const out = [...list];
  [out[index], out[j]] = [out[j], out[index]];
  const f = schema.sortField;
  if (!f) return out;
  const a = out[index];
  const b = out[j];
  if (isObject(a) && isObject(b) && typeof a[f] === 'number' && typeof b[f] === 'number') {
    out[index] = { ...a, [f]: b[f] };
    out[j] = { ...b, [f]: a[f] };
  }
  const vals = sortValues(out, f);
  const increasing = vals !== null && vals.every((v, i) => i === 0 || v > vals[i - 1]);
  return increasing ? out : renumber(out, f);
}

/** Whether an item is switched on (lists with a toggle field). */
export function isItemOn(item: Json, schema: ArraySchema): boolean {
  if (!schema.toggleField || !isObject(item)) return false;
  const v = item[schema.toggleField];
  const fs = schema.items?.type === 'object' ? schema.items.properties[schema.toggleField] : undefined;
  if (fs && (fs.type === 'string' || fs.type === 'integer') && fs.flag) return v === fs.flag.on;
  return v === true;
}

export function setItemOn(list: Json[], index: number, on: boolean, schema: ArraySchema): Json[] {
  const f = schema.toggleField;
  const item = list[index];
  if (!f || !isObject(item)) return list;
  const fs = schema.items?.type === 'object' ? schema.items.properties[f] : undefined;
  let v: Json = on;
  if (fs && (fs.type === 'string' || fs.type === 'integer') && fs.flag) v = on ? fs.flag.on : fs.flag.off;
  const out = [...list];
  out[index] = { ...item, [f]: v };
  return out;
}

// ---- diff ---------------------------------------------------------------

export interface Change {
  path: string;
  kind: 'changed' | 'added' | 'removed' | 'moved';
  before?: Json;
  after?: Json;
  /** Moves: the item's old and new places. */
  from?: number;
  to?: number;
}

function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function identities(list: Json[], field: string): string[] | null {
  const ids = list.map((it) => (isObject(it) && typeof it[field] === 'string' ? (it[field] as string) : ''));
  if (ids.some((id) => id === '') || new Set(ids).size !== ids.length) return null;
  return ids;
}

function diffInto(
  before: Json | undefined,
  after: Json | undefined,
  schema: FieldSchema | null,
  key: string,
  segs: Segment[],
  out: Change[],
): void {
  if (sameJson(before, after)) return;
  const path = pathString(key, segs);
  if (before === undefined) {
    out.push({ path, kind: 'added', after });
    return;
  }
  if (after === undefined) {
    out.push({ path, kind: 'removed', before });
    return;
  }
  if (isObject(before) && isObject(after)) {
    const props = schema?.type === 'object' ? schema.properties : {};
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !(k in before))];
    for (const k of keys) diffInto(before[k], after[k], props[k] ?? null, key, [...segs, k], out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const arr = schema?.type === 'array' ? schema : null;
    const items = arr?.items ?? null;
    // A reordering (with edits) of the same items: match them by identity.
    if (arr?.identity && before.length === after.length) {
      const ib = identities(before, arr.identity);
      const ia = identities(after, arr.identity);
      if (ib && ia && [...ib].sort().join('\u0000') === [...ia].sort().join('\u0000')) {
        ia.forEach((id, to) => {
          const from = ib.indexOf(id);
          if (from !== to) out.push({ path: pathString(key, [...segs, to]), kind: 'moved', from, to, before: id, after: id });
          diffInto(before[from], after[to], items, key, [...segs, to], out);
        });
        return;
      }
    }
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) diffInto(before[i], after[i], items, key, [...segs, i], out);
    return;
  }
  out.push({ path, kind: 'changed', before, after });
}

/**
 * What changes from `before` to `after`: one entry per changed leaf path
 * (`before → after`), per item added or removed, and per item that moved in
 * a list whose items have an identity.
 */
export function diffValues(key: string, before: Json | undefined, after: Json | undefined, schema: FieldSchema | null = schemaFor(key)): Change[] {
  const out: Change[] = [];
  diffInto(before, after, schema, key, [], out);
  return out;
}

/** A value as the diff shows it. */
export function showJson(v: Json | undefined): string {
  if (v === undefined) return '—';
  if (typeof v === 'string') return v === '' ? '""' : v;
  return JSON.stringify(v);
}
