// The form of one setting, generated from its schema (schema.ts): an object
// is a grid of fields, a list of objects is a list of rows (or cards) with
// move up/down, a switch and remove, a list of free-form objects is edited
// as JSON per item, and each field shows its own error inline.
import { useEffect, useId, useState } from 'react';
import { Button } from '../../layout/ui';
import { Field, Switch, TextInput, cx, formCss as css, useTexts } from './kit';
import { fieldLabel, issueText } from './labels';
import {
  addItem,
  isItemOn,
  moveItem,
  pathString,
  removeItem,
  setItemOn,
  type ArraySchema,
  type FieldSchema,
  type Issue,
  type Json,
  type JsonObject,
  type ObjectSchema,
  type Segment,
} from './schema';
import type { CT } from '../../layout/useCt';

export interface FormContext {
  settingKey: string;
  /** Client issues by path. */
  issues: Record<string, Issue>;
  /** The server's refusal, mapped to the path it names. */
  serverIssues: Record<string, string>;
  onChange: (segs: Segment[], value: Json) => void;
}

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether any issue lies at or under `path`. */
function hasIssueUnder(ctx: FormContext, path: string): boolean {
  const under = (p: string) => p === path || p.startsWith(`${path}.`) || p.startsWith(`${path}[`);
  return Object.keys(ctx.issues).some(under) || Object.keys(ctx.serverIssues).some(under);
}

function useErrorAt(ctx: FormContext, segs: Segment[]): string | null {
  const { t, i18n } = useTexts();
  const path = pathString(ctx.settingKey, segs);
  const server = ctx.serverIssues[path];
  if (server) return t('settings.error.server', { msg: server });
  const issue = ctx.issues[path];
  if (!issue) return null;
  // A rule naming another field ("not above withdrawalMax") names it by its label.
  const other = issue.params?.other;
  return issueText(t, typeof other === 'string' ? { ...issue, params: { ...issue.params, other: fieldLabel(t, i18n, ctx.settingKey, other) } } : issue);
}

/** The editor of the whole value of a setting. */
export function SettingForm({ schema, value, ctx }: { schema: FieldSchema; value: Json; ctx: FormContext }) {
  if (schema.type === 'object') return <ObjectEditor schema={schema} value={value} segs={[]} ctx={ctx} />;
  if (schema.type === 'array') return <ListEditor schema={schema} value={value} segs={[]} ctx={ctx} />;
  return <PrimitiveField schema={schema} value={value} segs={[]} ctx={ctx} name={ctx.settingKey} />;
}

function ObjectEditor({ schema, value, segs, ctx }: { schema: ObjectSchema; value: Json; segs: Segment[]; ctx: FormContext }) {
  const obj = isObj(value) ? value : {};
  const entries = Object.entries(schema.properties);
  const simple = entries.filter(([, s]) => s.type !== 'array' && s.type !== 'object');
  const nested = entries.filter(([, s]) => s.type === 'array' || s.type === 'object');
  // Switches first, then the other fields, in the default's order within each.
  const switches = simple.filter(([, s]) => isSwitch(s));
  const others = simple.filter(([, s]) => !isSwitch(s));
  const extra = Object.keys(obj).filter((k) => !(k in schema.properties));
  return (
    <div className={css.object}>
      {switches.length ? (
        <div className={css.switchGrid}>
          {switches.map(([k, s]) => (
            <PrimitiveField key={k} name={k} schema={s} value={obj[k]} segs={[...segs, k]} ctx={ctx} />
          ))}
        </div>
      ) : null}
      {others.length ? (
        <div className={css.grid}>
          {others.map(([k, s]) => (
            <PrimitiveField key={k} name={k} schema={s} value={obj[k]} segs={[...segs, k]} ctx={ctx} />
          ))}
        </div>
      ) : null}
      {nested.map(([k, s]) => (
        <NestedField key={k} name={k} schema={s} value={obj[k]} segs={[...segs, k]} ctx={ctx} />
      ))}
      {extra.map((k) => (
        <ExtraField key={k} name={k} segs={[...segs, k]} ctx={ctx} />
      ))}
    </div>
  );
}

/** A field the setting does not have (from a stored value): shown so it can be seen and removed. */
function ExtraField({ name, segs, ctx }: { name: string; segs: Segment[]; ctx: FormContext }) {
  const error = useErrorAt(ctx, segs);
  return (
    <Field label={<code>{name}</code>} error={error}>
      <span className={css.muted}>—</span>
    </Field>
  );
}

function NestedField({ name, schema, value, segs, ctx }: { name: string; schema: FieldSchema; value: Json | undefined; segs: Segment[]; ctx: FormContext }) {
  const { t, i18n } = useTexts();
  const label = fieldLabel(t, i18n, ctx.settingKey, name);
  const error = useErrorAt(ctx, segs);
  return (
    <fieldset className={css.nested}>
      <legend className={css.legend}>
        {label} <code className={css.code}>{name}</code>
      </legend>
      {error ? (
        <div className={css.error} role="alert">
          {error}
        </div>
      ) : null}
      {schema.type === 'object' ? (
        <ObjectEditor schema={schema} value={value ?? {}} segs={segs} ctx={ctx} />
      ) : schema.type === 'array' ? (
        <ListEditor schema={schema} value={value ?? []} segs={segs} ctx={ctx} />
      ) : null}
    </fieldset>
  );
}

function isSwitch(s: FieldSchema): boolean {
  return s.type === 'boolean' || ((s.type === 'integer' || s.type === 'string') && !!s.flag);
}

function switchOn(s: FieldSchema, v: Json | undefined): boolean {
  if (s.type === 'boolean') return v === true;
  if ((s.type === 'integer' || s.type === 'string') && s.flag) return v === s.flag.on;
  return false;
}

function switchValue(s: FieldSchema, on: boolean): Json {
  if ((s.type === 'integer' || s.type === 'string') && s.flag) return on ? s.flag.on : s.flag.off;
  return on;
}

/** A boolean, number or text field with its label and inline error. */
function PrimitiveField({
  name,
  schema,
  value,
  segs,
  ctx,
  bare = false,
}: {
  name: string;
  schema: FieldSchema;
  value: Json | undefined;
  segs: Segment[];
  ctx: FormContext;
  /** Inside a list row: no label (the column heads say it). */
  bare?: boolean;
}) {
  const { t, i18n } = useTexts();
  const id = useId();
  const error = useErrorAt(ctx, segs);
  const label = fieldLabel(t, i18n, ctx.settingKey, name);
  const path = pathString(ctx.settingKey, segs);
  const set = (v: Json) => ctx.onChange(segs, v);
  let control;
  if (isSwitch(schema)) {
    control = <Switch id={id} checked={switchOn(schema, value)} onChange={(on) => set(switchValue(schema, on))} label={label} testId={`f:${path}`} />;
  } else if ((schema.type === 'integer' || schema.type === 'string') && schema.enum) {
    const opts = schema.enum.map(String);
    const current = value === undefined || value === null ? '' : String(value);
    control = (
      <select
        id={id}
        className={cx(css.input, error && css.inputBad)}
        value={current}
        aria-invalid={!!error || undefined}
        aria-label={bare ? label : undefined}
        data-testid={`f:${path}`}
        onChange={(e) => set(schema.type === 'integer' ? Number(e.target.value) : e.target.value)}
      >
        {opts.includes(current) ? null : <option value={current}>{current}</option>}
        {opts.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (schema.type === 'integer') {
    control = (
      <TextInput
        id={id}
        inputMode="numeric"
        value={value === undefined || value === null ? '' : String(value)}
        invalid={!!error}
        placeholder={t('settings.input.integer')}
        aria-label={bare ? label : undefined}
        data-testid={`f:${path}`}
        onChange={(e) => {
          const raw = e.target.value.trim();
          // A whole number is stored as a number; anything else stays text for the validator to refuse.
          set(/^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : e.target.value);
        }}
      />
    );
  } else if (schema.type === 'string') {
    const placeholder = schema.format === 'decimal' ? t('settings.input.decimal') : schema.format === 'time' ? t('settings.input.time') : undefined;
    control = (
      <TextInput
        id={id}
        inputMode={schema.format === 'decimal' ? 'decimal' : undefined}
        value={typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)}
        invalid={!!error}
        placeholder={placeholder}
        maxLength={schema.maxLength}
        aria-label={bare ? label : undefined}
        data-testid={`f:${path}`}
        onChange={(e) => set(e.target.value)}
        onBlur={(e) => {
          if (schema.format && e.target.value !== e.target.value.trim()) set(e.target.value.trim());
        }}
        className={schema.format ? css.mono : undefined}
      />
    );
  } else {
    control = <span className={css.muted}>—</span>;
  }
  if (bare) {
    return (
      <div className={cx(css.cell, error && css.fieldBad)} data-invalid={error ? 'true' : undefined}>
        {control}
        {error ? (
          <div className={css.error} role="alert">
            {error}
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <Field label={<span title={name}>{label}</span>} htmlFor={id} error={error} required={schema.type === 'string' && !!schema.nonEmpty}>
      {control}
    </Field>
  );
}

const COLLAPSE_AFTER = 12;

/** The columns an item shows in a row: its simple fields but the order and switch fields. */
function rowFields(schema: ArraySchema): [string, FieldSchema][] {
  const items = schema.items;
  if (!items || items.type !== 'object') return [];
  return Object.entries(items.properties).filter(([k, s]) => k !== schema.sortField && k !== schema.toggleField && s.type !== 'array' && s.type !== 'object');
}

function isInline(schema: ArraySchema): boolean {
  const items = schema.items;
  if (!items || items.type !== 'object') return false;
  const nested = Object.values(items.properties).some((s) => s.type === 'array' || s.type === 'object');
  return !nested && rowFields(schema).length <= 5;
}

function ListEditor({ schema, value, segs, ctx }: { schema: ArraySchema; value: Json; segs: Segment[]; ctx: FormContext }) {
  const { t, i18n } = useTexts();
  const list = Array.isArray(value) ? value : [];
  const [showAll, setShowAll] = useState(false);
  const set = (next: Json[]) => ctx.onChange(segs, next);
  const listError = useErrorAt(ctx, segs);
  const onCount = schema.toggleField ? list.filter((it) => isItemOn(it, schema)).length : null;
  const long = list.length > COLLAPSE_AFTER;
  // Items past the fold with a problem unfold the list.
  const hiddenBad = long && list.slice(COLLAPSE_AFTER).some((_, j) => hasIssueUnder(ctx, pathString(ctx.settingKey, [...segs, COLLAPSE_AFTER + j])));
  const shown = long && !showAll && !hiddenBad ? list.slice(0, COLLAPSE_AFTER) : list;
  const free = !schema.items;
  const inline = !free && isInline(schema);
  const columns = rowFields(schema);
  const path = pathString(ctx.settingKey, segs);
  return (
    <div className={css.list} data-testid={`list:${path}`}>
      <div className={css.listHead}>
        <span className={css.muted}>
          {onCount === null ? t('settings.list.countPlain', { count: list.length }) : t('settings.list.count', { count: list.length, on: onCount })}
          {free ? ` · ${t('settings.list.json')}` : ''}
        </span>
        <Button small variant="ghost" onClick={() => set(addItem(list, schema))} disabled={list.length >= schema.maxItems} data-testid={`add:${path}`}>
          + {t('settings.list.add')}
        </Button>
      </div>
      {listError ? (
        <div className={css.error} role="alert">
          {listError}
        </div>
      ) : null}
      {list.length === 0 ? <p className={css.empty}>{t('settings.list.empty')}</p> : null}
      {inline && list.length > 0 ? (
        <div className={css.rows} style={{ ['--cols' as string]: String(columns.length) }}>
          <div className={cx(css.row, css.rowHead)} aria-hidden>
            <span>{t('settings.list.order')}</span>
            {schema.toggleField ? <span>{fieldLabel(t, i18n, ctx.settingKey, schema.toggleField)}</span> : <span />}
            {columns.map(([k]) => (
              <span key={k}>{fieldLabel(t, i18n, ctx.settingKey, k)}</span>
            ))}
            <span />
          </div>
          {shown.map((item, i) => (
            <div className={cx(css.row, !isItemOn(item, schema) && schema.toggleField && css.rowOff)} key={i} data-testid={`item:${pathString(ctx.settingKey, [...segs, i])}`}>
              <Order i={i} n={list.length} schema={schema} item={item} onMove={(dir) => set(moveItem(list, i, dir, schema))} />
              <ItemSwitch schema={schema} item={item} i={i} list={list} set={set} ctx={ctx} segs={segs} />
              {columns.map(([k, s]) => (
                <PrimitiveField key={k} name={k} schema={s} value={isObj(item) ? item[k] : undefined} segs={[...segs, i, k]} ctx={ctx} bare />
              ))}
              <RemoveButton onClick={() => set(removeItem(list, i))} />
            </div>
          ))}
        </div>
      ) : null}
      {!inline && list.length > 0 ? (
        <div className={css.cards}>
          {shown.map((item, i) => (
            <ItemCard key={i} schema={schema} item={item} i={i} list={list} segs={segs} ctx={ctx} set={set} free={free} />
          ))}
        </div>
      ) : null}
      {long ? (
        <button type="button" className={css.linkButton} onClick={() => setShowAll((v) => !v)}>
          {showAll ? t('settings.list.showLess') : t('settings.list.showAll', { count: list.length })}
        </button>
      ) : null}
    </div>
  );
}

function Order({ i, n, schema, item, onMove }: { i: number; n: number; schema: ArraySchema; item: Json; onMove: (dir: -1 | 1) => void }) {
  const { t } = useTexts();
  const sort = schema.sortField && isObj(item) ? item[schema.sortField] : null;
  return (
    <span className={css.order}>
      <span className={css.index} title={schema.sortField ? `${schema.sortField} = ${String(sort)}` : undefined}>
        {i + 1}
      </span>
      <button type="button" className={css.iconButton} onClick={() => onMove(-1)} disabled={i === 0} aria-label={t('settings.list.up')} title={t('settings.list.up')}>
        ↑
      </button>
      <button type="button" className={css.iconButton} onClick={() => onMove(1)} disabled={i === n - 1} aria-label={t('settings.list.down')} title={t('settings.list.down')}>
        ↓
      </button>
    </span>
  );
}

function ItemSwitch({ schema, item, i, list, set, ctx, segs }: { schema: ArraySchema; item: Json; i: number; list: Json[]; set: (l: Json[]) => void; ctx: FormContext; segs: Segment[] }) {
  const { t, i18n } = useTexts();
  if (!schema.toggleField) return <span />;
  const label = `${fieldLabel(t, i18n, ctx.settingKey, schema.toggleField)} ${itemName(schema, item, i, t)}`;
  return (
    <Switch
      checked={isItemOn(item, schema)}
      onChange={(on) => set(setItemOn(list, i, on, schema))}
      label={label}
      testId={`on:${pathString(ctx.settingKey, [...segs, i])}`}
    />
  );
}

function RemoveButton({ onClick }: { onClick: () => void }) {
  const { t } = useTexts();
  return (
    <button type="button" className={cx(css.iconButton, css.danger)} onClick={onClick} aria-label={t('settings.list.remove')} title={t('settings.list.remove')}>
      ×
    </button>
  );
}

function itemName(schema: ArraySchema, item: Json, i: number, t: CT): string {
  const id = schema.identity && isObj(item) ? item[schema.identity] : null;
  if (typeof id === 'string' && id.trim()) return id;
  const name = isObj(item) ? (item.name ?? item.dictLabel ?? item.coinName) : null;
  if (typeof name === 'string' && name.trim()) return name;
  return t('settings.list.item', { n: i + 1 });
}

function ItemCard({
  schema,
  item,
  i,
  list,
  segs,
  ctx,
  set,
  free,
}: {
  schema: ArraySchema;
  item: Json;
  i: number;
  list: Json[];
  segs: Segment[];
  ctx: FormContext;
  set: (l: Json[]) => void;
  free: boolean;
}) {
  const { t, i18n } = useTexts();
  const itemSegs = [...segs, i];
  const path = pathString(ctx.settingKey, itemSegs);
  const bad = hasIssueUnder(ctx, path);
  const [open, setOpen] = useState(false);
  const expanded = open || bad || free;
  const error = useErrorAt(ctx, itemSegs);
  const on = schema.toggleField ? isItemOn(item, schema) : true;
  return (
    <div className={cx(css.card, !on && css.rowOff, bad && css.cardBad)} data-testid={`item:${path}`}>
      <div className={css.cardHead}>
        <Order i={i} n={list.length} schema={schema} item={item} onMove={(dir) => set(moveItem(list, i, dir, schema))} />
        <ItemSwitch schema={schema} item={item} i={i} list={list} set={set} ctx={ctx} segs={segs} />
        <strong className={css.cardTitle}>{free ? t('settings.list.item', { n: i + 1 }) : itemName(schema, item, i, t)}</strong>
        {!free ? <span className={css.cardSummary}>{summary(schema, item, (f) => fieldLabel(t, i18n, ctx.settingKey, f))}</span> : <span />}
        {!free ? (
          <button type="button" className={css.linkButton} onClick={() => setOpen((v) => !v)} aria-expanded={expanded} disabled={bad} data-testid={`edit:${path}`}>
            {expanded ? t('settings.list.collapse') : t('settings.list.edit')}
          </button>
        ) : null}
        <RemoveButton onClick={() => set(removeItem(list, i))} />
      </div>
      {free ? (
        <JsonItem value={item} onChange={(v) => ctx.onChange(itemSegs, v)} error={error} />
      ) : expanded && schema.items?.type === 'object' ? (
        <div className={css.cardBody}>
          <ObjectEditor schema={schema.items} value={item} segs={itemSegs} ctx={ctx} />
        </div>
      ) : null}
    </div>
  );
}

/** A few of an item's values, for a collapsed card: its amounts first. */
function summary(schema: ArraySchema, item: Json, label: (field: string) => string): string {
  if (!isObj(item)) return '';
  const fields = rowFields(schema).filter(([k]) => k !== schema.identity);
  const decimals = fields.filter(([, s]) => s.type === 'string' && s.format === 'decimal');
  const rest = fields.filter(([, s]) => !(s.type === 'string' && s.format === 'decimal'));
  return [...decimals, ...rest]
    .slice(0, 5)
    .map(([k]) => `${label(k)} ${typeof item[k] === 'string' ? item[k] || '—' : JSON.stringify(item[k])}`)
    .join(' · ');
}

/** A free-form item as JSON text: a valid object is stored, anything else stays text for the validator to refuse. */
function JsonItem({ value, onChange, error }: { value: Json; onChange: (v: Json) => void; error: string | null }) {
  const { t } = useTexts();
  const shown = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  const [text, setText] = useState(shown);
  useEffect(() => {
    // Follow the value when it changes from outside (discard, load defaults).
    setText((cur) => {
      try {
        if (JSON.stringify(JSON.parse(cur)) === JSON.stringify(value)) return cur;
      } catch {
        if (cur === value) return cur;
      }
      return shown;
    });
  }, [value, shown]);
  return (
    <div className={css.cardBody}>
      <textarea
        className={cx(css.input, css.mono, css.json, error && css.inputBad)}
        rows={Math.min(10, Math.max(3, text.split('\n').length))}
        value={text}
        placeholder={t('settings.list.jsonPlaceholder')}
        aria-invalid={!!error || undefined}
        onChange={(e) => {
          setText(e.target.value);
          try {
            const parsed = JSON.parse(e.target.value) as Json;
            onChange(isObj(parsed) ? parsed : e.target.value);
          } catch {
            onChange(e.target.value);
          }
        }}
      />
      {error ? (
        <div className={css.error} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
