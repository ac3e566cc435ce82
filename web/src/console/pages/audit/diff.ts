// The before and after of an audit entry's detail. Entries store either
// {old, new} at the top (a setting, a catalogue row) or {field: {old, new}}
// inside (a freeze's status) next to plain facts (userId, amount): both
// become lines of path, before and after; facts become context lines.

export type DiffKind = 'changed' | 'added' | 'removed' | 'same' | 'context';

export interface DiffLine {
  path: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPair = (v: unknown): v is Obj => isObj(v) && ('old' in v || 'new' in v) && Object.keys(v).every((k) => k === 'old' || k === 'new');

/** Leaves of a JSON value by path ("a.b[2].c"); an empty object or array is a leaf. */
export function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (isObj(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (Array.isArray(value) && value.length > 0) {
    value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
  } else {
    out.set(prefix, value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Line by line comparison of two values under `base`. */
export function diffValues(before: unknown, after: unknown, base = ''): DiffLine[] {
  const a = flatten(before, base);
  const b = flatten(after, base);
  // A side that is absent (a row created or deleted) has one leaf at `base` holding undefined/null.
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  const lines: DiffLine[] = [];
  for (const path of keys) {
    const inA = a.has(path) && !(path === base && (before === null || before === undefined));
    const inB = b.has(path) && !(path === base && (after === null || after === undefined));
    if (!inA && !inB) continue;
    if (inA && inB) lines.push({ path, kind: same(a.get(path), b.get(path)) ? 'same' : 'changed', before: a.get(path), after: b.get(path) });
    else if (inB) lines.push({ path, kind: 'added', after: b.get(path) });
    else lines.push({ path, kind: 'removed', before: a.get(path) });
  }
  return lines;
}

/** The lines of an entry's detail, changes first in their order, then context. */
export function auditDiff(detail: unknown): DiffLine[] {
  if (!isObj(detail)) return detail === null || detail === undefined ? [] : [{ path: '', kind: 'context', after: detail }];
  const lines: DiffLine[] = [];
  const context: DiffLine[] = [];
  if ('old' in detail || 'new' in detail) {
    lines.push(...diffValues(detail.old, detail.new));
    for (const [k, v] of Object.entries(detail)) {
      if (k === 'old' || k === 'new') continue;
      for (const [path, leaf] of flatten(v, k)) context.push({ path, kind: 'context', after: leaf });
    }
    return [...lines, ...context];
  }
  const walk = (v: unknown, path: string) => {
    if (isPair(v)) lines.push(...diffValues(v.old, v.new, path));
    else if (isObj(v) && Object.keys(v).length > 0) for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    else for (const [p, leaf] of flatten(v, path)) context.push({ path: p, kind: 'context', after: leaf });
  };
  walk(detail, '');
  return [...lines, ...context];
}

/** A leaf as text: strings bare, the rest as JSON. */
export function leafText(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}
