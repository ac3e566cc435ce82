// The settings form's schema, validation and diff: pure code, no React.
//
// The schema is the server's: crates/kernel/src/settings/schema.rs builds
// one document (each key's shape from its default, with the ranges, flags,
// enumerations and cross-field rules the services rely on), validates every
// PUT /api/admin/settings/{key} against it and serves it at GET
// /api/admin/settings/schema. The console renders its forms from that
// document and runs the same checks before a save, so a field the form
// accepts is one the server accepts (decision 0029). The committed copy,
// crates/kernel/src/settings/schema.json, is checked against the server by
// a kernel test; the console's tests read it.
import Decimal from 'decimal.js';
import defaultsJson from '../../../../../crates/kernel/src/settings/defaults.json';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type Segment = string | number;

/** The built-in defaults ("load defaults" in the form; the user app's offline copy). */
export const SETTING_DEFAULTS = defaultsJson as unknown as Record<string, Json>;

// ---- the description --------------------------------------------------

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
  /** Names a coin: the server checks it against the catalogue. */
  coin?: boolean;
}

/** A rule over the fields of one object. */
export type ObjectRule =
  | { kind: 'notAbove'; low: string; high: string }
  | { kind: 'sumNotAbove'; fields: string[]; max: string };

export interface ObjectSchema {
  type: 'object';
  /** In form order. */
  properties: Record<string, FieldSchema>;
  /** Fields that must be present (every field of the default). */
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

/** GET /api/admin/settings/schema: the keys in spec order and each key's schema. */
export interface SettingsSchema {
  keys: string[];
  settings: Record<string, FieldSchema>;
}

/** kernel money Amount::parse: a plain non-negative decimal the server can hold. */
export function isAmount(s: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(s)) return false;
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

/** The schema of a key in the served document (null: a key it does not describe). */
export function schemaFor(key: string, doc: SettingsSchema | undefined): FieldSchema | null {
  return doc?.settings[key] ?? null;
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
export function validateValue(key: string, value: Json | undefined, schema: FieldSchema | null): Issue[] {
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
export function issueKey(issue: Pick<Issue, 'code'>): `settings.error.${IssueCode}` {
  return `settings.error.${issue.code}`;
}

/**
 * Codes of the server's refusals that name a field of the setting
 * (crates/kernel/src/error_code.rs): the schema's setting_* codes, and
 * coin_not_listed for a coin field.
 */
export const FIELD_REFUSALS: ReadonlySet<number> = new Set([
  -2101, -2102, -2103, -2104, -2105, -2106, -2107, -2108, -2109, -2110, -2111, -2112, -2113, -2114, -3104,
]);

/**
 * Where the server's refusal points: its message names the offending path
 * first, in any language (`K.a[0].b must be from 0 to 100`; a rule's message
 * names the other field after it). Null if none.
 */
export function serverIssuePath(key: string, message: string): string | null {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`${escaped}((?:\\.[A-Za-z_$][\\w$]*|\\[\\d+\\])+)`);
  return re.exec(message)?.[0] ?? null;
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
export function diffValues(key: string, before: Json | undefined, after: Json | undefined, schema: FieldSchema | null): Change[] {
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
