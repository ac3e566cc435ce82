// The forms of the catalogue and product pages, described as field specs:
// pure code (no React) that turns a row into form values, checks them as
// the handlers will (decimal strings compared with decimal.js, never
// floats), and builds the request body (on an edit, only what changed: the
// handlers take patches).
import Decimal from 'decimal.js';
import { keyFor, type ConsoleKey } from '../../keys';

export type FieldKind =
  /** Free text, optionally with a pattern. */
  | 'text'
  /** A non-negative plain decimal string ("0.001"). */
  | 'decimal'
  /** A whole number. */
  | 'int'
  /** An int stored as one of two values (1/0, 1/2), edited as a switch. */
  | 'flag'
  /** A JSON boolean, edited as a switch. */
  | 'bool'
  /** One of `options` (sent as a number when `numeric`). */
  | 'select'
  /** Comma-separated, strictly increasing leverage options: "5,10,20". */
  | 'leverage'
  /** Language → text (title, description), edited per language. */
  | 'texts'
  /** `YYYY-MM-DD`. */
  | 'date'
  /** Earn terms: `[{days, apr}]`. */
  | 'terms';

export interface Option {
  value: string;
  /** Locale key of the label. */
  labelKey?: ConsoleKey;
  /** The label itself (a coin's name); else the value. */
  label?: string;
}

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** Locale key of the label; default `catalogue.f.<name>`. */
  labelKey?: ConsoleKey;
  hintKey?: ConsoleKey;
  /** Must be given on create (and may not be emptied on edit). */
  required?: boolean;
  /** Set on create only: shown, not editable, never sent on an edit. */
  createOnly?: boolean;
  /** Decimal or int bounds, inclusive. */
  min?: string;
  max?: string;
  /** Exclusive lower bound ("above 0"). */
  gt?: string;
  /** Most decimals a decimal may have. */
  dp?: number;
  /** Text: a pattern it must match, with the locale key saying what is expected. */
  pattern?: RegExp;
  patternKey?: ConsoleKey;
  maxLength?: number;
  options?: Option[];
  numeric?: boolean;
  /** Flag: the stored values for on and off. */
  flag?: [number, number];
  /** Texts: the languages edited (others the row has are kept). */
  languages?: string[];
  /** Terms: with an APR per term (finance), or one term without (staking). */
  termsWithApr?: (values: FormValues) => boolean;
  wide?: boolean;
  placeholder?: string;
}

export interface TermRow {
  days: string;
  apr: string;
}

export type FormValue = string | boolean | Record<string, string> | TermRow[];
export type FormValues = Record<string, FormValue>;
export type Mode = 'create' | 'edit';

export interface FieldError {
  /** Locale key under catalogue.error.* */
  key: ConsoleKey;
  params?: Record<string, string | number>;
}

export type FormRule =
  | { kind: 'notAbove'; low: string; high: string }
  | { kind: 'below'; low: string; high: string; offset?: string };

export type Row = Record<string, unknown>;

export const labelKeyOf = (f: FieldSpec): ConsoleKey => f.labelKey ?? keyFor('catalogue.f.', f.name);

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The form's values for a row (edit) or for a new one (create, from `defaults`). */
export function toFormValues(fields: FieldSpec[], row: Row | null, defaults: Record<string, unknown> = {}): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = row ? row[f.name] : defaults[f.name];
    switch (f.kind) {
      case 'bool':
        out[f.name] = v === true;
        break;
      case 'flag':
        out[f.name] = v === undefined || v === null ? false : v === (f.flag ?? [1, 0])[0];
        break;
      case 'texts': {
        const map: Record<string, string> = {};
        if (isObj(v)) for (const [k, s] of Object.entries(v)) if (typeof s === 'string') map[k] = s;
        for (const l of f.languages ?? ['en', 'zh']) map[l] ??= '';
        out[f.name] = map;
        break;
      }
      case 'terms':
        out[f.name] = Array.isArray(v)
          ? v.map((t) => ({
              days: isObj(t) && t.days !== undefined && t.days !== null ? String(t.days) : '',
              apr: isObj(t) && t.apr !== undefined && t.apr !== null ? String(t.apr) : '',
            }))
          : [];
        break;
      default:
        out[f.name] = v === undefined || v === null ? '' : String(v);
    }
  }
  return out;
}

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** A non-negative plain decimal within the bounds; null when it is fine. */
export function decimalError(raw: string, f: Pick<FieldSpec, 'min' | 'max' | 'gt' | 'dp'>): FieldError | null {
  const s = raw.trim();
  if (!PLAIN_DECIMAL.test(s)) return { key: 'catalogue.error.decimal' };
  const fraction = (s.split('.')[1] ?? '').replace(/0+$/, '');
  if (f.dp !== undefined && fraction.length > f.dp) return { key: 'catalogue.error.dp', params: { dp: f.dp } };
  const d = new Decimal(s);
  if (f.gt !== undefined && d.lte(f.gt)) return { key: 'catalogue.error.gt', params: { min: f.gt } };
  if (f.min !== undefined && d.lt(f.min)) return { key: 'catalogue.error.min', params: { min: f.min } };
  if (f.max !== undefined && d.gt(f.max)) return { key: 'catalogue.error.max', params: { max: f.max } };
  return null;
}

export function intError(raw: string, f: Pick<FieldSpec, 'min' | 'max'>): FieldError | null {
  const s = raw.trim();
  const negativeOk = f.min !== undefined && new Decimal(f.min).isNegative();
  if (!(negativeOk ? /^-?\d+$/ : /^\d+$/).test(s)) return { key: 'catalogue.error.int' };
  const d = new Decimal(s);
  if (f.min !== undefined && d.lt(f.min)) return { key: 'catalogue.error.min', params: { min: f.min } };
  if (f.max !== undefined && d.gt(f.max)) return { key: 'catalogue.error.max', params: { max: f.max } };
  if (d.abs().gt(2147483647)) return { key: 'catalogue.error.max', params: { max: '2147483647' } };
  return null;
}

/** The leverage list of the catalogue handler: 1..=1000, strictly increasing, 1..=20 of them. */
export function leverageError(raw: string): FieldError | null {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.length > 20) return { key: 'catalogue.error.leverage' };
  let last = 0;
  for (const p of parts) {
    if (!/^\d+$/.test(p)) return { key: 'catalogue.error.leverage' };
    const n = Number(p);
    if (n < 1 || n > 1000 || n <= last) return { key: 'catalogue.error.leverage' };
    last = n;
  }
  return null;
}

function isBlank(v: FormValue | undefined): boolean {
  if (v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.values(v).every((s) => s.trim() === '');
  return false;
}

function termsErrors(rows: TermRow[], withApr: boolean): FieldError | null {
  if (rows.length === 0) return { key: 'catalogue.error.termsEmpty' };
  if (!withApr && rows.length !== 1) return { key: 'catalogue.error.termsOne' };
  for (const r of rows) {
    if (intError(r.days, { min: '1', max: '3650' })) return { key: 'catalogue.error.termDays' };
    if (withApr) {
      if (decimalError(r.apr, { min: '0', max: '1000', dp: 8 })) return { key: 'catalogue.error.termApr' };
    } else if (r.apr.trim() !== '') return { key: 'catalogue.error.termNoApr' };
  }
  const days = rows.map((r) => r.days.trim());
  if (new Set(days).size !== days.length) return { key: 'catalogue.error.termDup' };
  return null;
}

/** Each field's problem (the first), keyed by field name. */
export function validateForm(fields: FieldSpec[], values: FormValues, mode: Mode, rules: FormRule[] = []): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const f of fields) {
    if (mode === 'edit' && f.createOnly) continue;
    const v = values[f.name];
    if (isBlank(v)) {
      if (f.required || (f.kind === 'terms' && mode === 'create')) out[f.name] = { key: 'catalogue.error.required' };
      continue;
    }
    let e: FieldError | null = null;
    switch (f.kind) {
      case 'decimal':
        e = decimalError(String(v), f);
        break;
      case 'int':
        e = intError(String(v), f);
        break;
      case 'leverage':
        e = leverageError(String(v));
        break;
      case 'text': {
        const s = String(v).trim();
        if (f.maxLength !== undefined && s.length > f.maxLength) e = { key: 'catalogue.error.tooLong', params: { max: f.maxLength } };
        else if (f.pattern && !f.pattern.test(s)) e = { key: f.patternKey ?? 'catalogue.error.pattern' };
        break;
      }
      case 'date': {
        const s = String(v).trim();
        const ok = /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
        if (!ok) e = { key: 'catalogue.error.date' };
        break;
      }
      case 'select':
        if (f.options && !f.options.some((o) => o.value === v)) e = { key: 'catalogue.error.choose' };
        break;
      case 'terms':
        e = termsErrors(v as TermRow[], f.termsWithApr ? f.termsWithApr(values) : true);
        break;
      default:
        break;
    }
    if (e) out[f.name] = e;
  }
  for (const r of rules) {
    if (out[r.low] || out[r.high]) continue;
    const lo = values[r.low];
    const hi = values[r.high];
    if (typeof lo !== 'string' || typeof hi !== 'string' || !PLAIN_DECIMAL.test(lo.trim()) || !PLAIN_DECIMAL.test(hi.trim())) continue;
    const l = new Decimal(lo.trim());
    const h = new Decimal(hi.trim());
    if (r.kind === 'notAbove' && l.gt(h)) out[r.low] = { key: 'catalogue.error.notAbove', params: { other: r.high } };
    if (r.kind === 'below' && !l.lt(h)) out[r.low] = { key: 'catalogue.error.below', params: { other: r.high } };
  }
  return out;
}

/** A value as the server takes it. */
function wire(f: FieldSpec, v: FormValue, values: FormValues): unknown {
  switch (f.kind) {
    case 'bool':
      return v === true;
    case 'flag':
      return v === true ? (f.flag ?? [1, 0])[0] : (f.flag ?? [1, 0])[1];
    case 'int':
      return Number(String(v).trim());
    case 'select':
      return f.numeric ? Number(v) : v;
    case 'texts': {
      const out: Record<string, string> = {};
      for (const [l, s] of Object.entries(v as Record<string, string>)) if (s.trim() !== '') out[l] = s.trim();
      return out;
    }
    case 'terms': {
      const withApr = f.termsWithApr ? f.termsWithApr(values) : true;
      return (v as TermRow[]).map((r) => (withApr ? { days: Number(r.days.trim()), apr: r.apr.trim() } : { days: Number(r.days.trim()) }));
    }
    case 'leverage':
      return String(v)
        .split(',')
        .map((p) => p.trim())
        .join(',');
    default:
      return String(v).trim();
  }
}

function same(a: FormValue | undefined, b: FormValue | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The request body without its reason. Create: every field given. Edit: the
 * fields that changed (all fields but create-only ones with `full`, for
 * handlers that replace the whole row).
 */
export function toBody(fields: FieldSpec[], values: FormValues, mode: Mode, initial: FormValues | null, full = false): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined) continue;
    if (mode === 'edit') {
      if (f.createOnly && !full) continue;
      if (!full && initial && same(v, initial[f.name])) continue;
    } else if (isBlank(v) && f.kind !== 'bool' && f.kind !== 'flag') continue;
    body[f.name] = wire(f, v, values);
  }
  return body;
}

/** What an edit changes, field by field, as the diff table shows it. */
export function formChanges(fields: FieldSpec[], values: FormValues, initial: FormValues): { path: string; kind: 'changed'; before: string; after: string }[] {
  const show = (f: FieldSpec, v: FormValue | undefined): string => {
    if (v === undefined) return '';
    if (typeof v === 'boolean') return v ? 'on' : 'off';
    if (typeof v === 'string') return v.trim();
    return JSON.stringify(wire(f, v, values));
  };
  return fields
    .filter((f) => !f.createOnly && !same(values[f.name], initial[f.name]))
    .map((f) => ({ path: f.name, kind: 'changed' as const, before: show(f, initial[f.name]), after: show(f, values[f.name]) }));
}

/**
 * The field a refusal names: the handlers put the camelCase field in their
 * message (`Invalid value for orderMin`, `Missing field: coin`,
 * `symbol btcusdt is already listed`) in any language. The longest field name
 * found as a whole word wins; null if none.
 */
export function fieldOfMessage(fields: FieldSpec[], message: string): string | null {
  let best: string | null = null;
  for (const f of fields) {
    const re = new RegExp(`(^|[^A-Za-z0-9_])${f.name}($|[^A-Za-z0-9_])`);
    if (re.test(message) && (!best || f.name.length > best.length)) best = f.name;
  }
  return best;
}
