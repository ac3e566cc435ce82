// One kind of catalogue or product row: a table, a create/edit form
// generated from field specs (validated as the handler will, decimals as
// strings), the changes and a reason before every write, and a switch for
// the rows the handler lets switch on and off (a write with a reason too).
// After each write, the audit entry it made (layout/AuditMade).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { AdminApiError } from '../../api';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { errorText } from '../../layout/errors';
import { Button, Empty, ErrorNote, Loading, Modal, PageHead, ReasonDialog, ReasonField } from '../../layout/ui';
import { DiffTable, Switch, cx, formCss as fcss, useTexts } from '../settings/kit';
import { fieldOfMessage, formChanges, labelKeyOf, toBody, toFormValues, validateForm, type FieldError, type FieldSpec, type FormRule, type FormValue, type FormValues, type Mode, type Row } from './fields';
import { FormFields } from './FormFields';
import css from './catalogue.module.css';
import { keyFor, type ConsoleKey } from '../../keys';

export interface Column<R> {
  key: string;
  /** Locale key of the heading; default `catalogue.f.<key>`. */
  labelKey?: ConsoleKey;
  render?: (row: R) => ReactNode;
  align?: 'end';
  mono?: boolean;
}

export interface Toggle {
  field: string;
  on: number | boolean;
  off: number | boolean;
}

/** What the handler records in the audit log for a write, as the server names it. */
export interface AuditSpec {
  /** The action of a create (`catalogue.coin_create`). */
  create?: string;
  /** The action of an edit, and of a switch (`catalogue.coin_update`). */
  update?: string;
  /** The target of the row `id` (`coin:7`). */
  target: (id: number) => string;
}

/** The write `audit` says a create or an edit of row `id` made; null when the spec does not say. */
export function auditOf(audit: AuditSpec | undefined, mode: Mode, id: number | null, reason: string): AuditWrite | null {
  const action = mode === 'create' ? audit?.create : audit?.update;
  return audit && action && id !== null ? auditWrite(action, audit.target(id), reason) : null;
}

export interface ResourceConfig<R extends { id: number }> {
  queryKey: readonly unknown[];
  list: () => Promise<R[]>;
  columns: Column<R>[];
  fields: FieldSpec[];
  rules?: FormRule[];
  /** Checks beyond the field specs (whole-form rules). */
  check?: (values: FormValues, mode: Mode) => Record<string, FieldError>;
  /** Values of a new row (the handler's defaults). */
  createDefaults?: Record<string, unknown>;
  create?: (body: Record<string, unknown>) => Promise<unknown>;
  update?: (row: R, body: Record<string, unknown>) => Promise<unknown>;
  /** The handler replaces the whole row: send every field on an edit. */
  fullBody?: boolean;
  toggle?: Toggle;
  /** The audit entries its writes make. */
  audit?: AuditSpec;
  /** How a row is named in titles ("BTC/USDT"). */
  name: (row: R) => string;
  searchText?: (row: R) => string;
  /** More under a row (opened with its "More" button). */
  expand?: (row: R) => ReactNode;
  /** Locale keys. */
  createLabelKey?: ConsoleKey;
  emptyKey?: ConsoleKey;
}

function cellText(v: unknown): ReactNode {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? '✓' : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function ResourceTable<R extends { id: number }>({ config, testId }: { config: ResourceConfig<R>; testId?: string }) {
  const { t } = useTexts();
  const client = useQueryClient();
  const q = useQuery({ queryKey: config.queryKey, queryFn: config.list });
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ mode: Mode; row: R | null } | null>(null);
  const [toggling, setToggling] = useState<{ row: R; on: boolean } | null>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [done, setDone] = useState<{ text: string; audit: AuditWrite | null } | null>(null);
  const rows = useMemo(() => {
    const all = q.data ?? [];
    const s = search.trim().toLowerCase();
    if (!s) return all;
    return all.filter((r) => (config.searchText ? config.searchText(r) : config.name(r)).toLowerCase().includes(s));
  }, [q.data, search, config]);
  const refresh = () => void client.invalidateQueries({ queryKey: config.queryKey });
  const tg = config.toggle;
  const isOn = (r: R) => (tg ? (r as unknown as Row)[tg.field] === tg.on : true);
  const colCount = config.columns.length + (tg ? 1 : 0) + 1;

  return (
    <div className={css.resource} data-testid={testId}>
      <div className={css.toolbar}>
        <input className={cx(fcss.input, css.search)} type="search" value={search} placeholder={t('catalogue.search')} aria-label={t('catalogue.search')} onChange={(e) => setSearch(e.target.value)} />
        <span className={fcss.muted}>{q.data ? t('catalogue.count', { count: rows.length, total: q.data.length }) : null}</span>
        <span className={css.spacer} />
        {done ? (
          <span className={css.done} role="status" data-testid="done">
            ✓ {done.text} {done.audit ? <AuditMade write={done.audit} /> : null}
          </span>
        ) : null}
        {config.create ? (
          <Button variant="primary" onClick={() => setEditing({ mode: 'create', row: null })} data-testid="create">
            + {t(config.createLabelKey ?? 'catalogue.add')}
          </Button>
        ) : null}
      </div>
      {q.isPending ? <Loading /> : null}
      {q.isError ? <ErrorNote error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data && q.data.length === 0 ? <Empty>{t(config.emptyKey ?? 'catalogue.empty')}</Empty> : null}
      {q.data && q.data.length > 0 ? (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <thead>
              <tr>
                {config.columns.map((c) => (
                  <th key={c.key} className={c.align === 'end' ? css.end : undefined}>
                    {t(c.labelKey ?? keyFor('catalogue.f.', c.key))}
                  </th>
                ))}
                {tg ? <th>{t(keyFor('catalogue.f.', tg.field))}</th> : null}
                <th className={css.end}>{t('catalogue.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <RowView
                  key={r.id}
                  r={r}
                  config={config}
                  on={isOn(r)}
                  expanded={expanded === r.id}
                  colCount={colCount}
                  onEdit={() => setEditing({ mode: 'edit', row: r })}
                  onToggle={(on) => setToggling({ row: r, on })}
                  onExpand={() => setExpanded((e) => (e === r.id ? null : r.id))}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {editing ? (
        <ResourceForm
          config={config}
          mode={editing.mode}
          row={editing.row}
          onClose={() => setEditing(null)}
          onDone={(name, id, reason) => {
            setEditing(null);
            setDone({ text: t(editing.mode === 'create' ? 'catalogue.created' : 'catalogue.saved', { name }), audit: auditOf(config.audit, editing.mode, id, reason) });
            refresh();
          }}
        />
      ) : null}

      {toggling && tg && config.update ? (
        <ReasonDialog
          title={t(toggling.on ? 'catalogue.toggle.onTitle' : 'catalogue.toggle.offTitle', { name: config.name(toggling.row) })}
          intro={t(toggling.on ? 'catalogue.toggle.onIntro' : 'catalogue.toggle.offIntro')}
          confirmLabel={t(toggling.on ? 'catalogue.toggle.on' : 'catalogue.toggle.off')}
          danger={!toggling.on}
          onClose={() => setToggling(null)}
          onSubmit={(reason) => {
            const value = toggling.on ? tg.on : tg.off;
            const base = config.fullBody ? toBody(config.fields, toFormValues(config.fields, toggling.row as unknown as Row), 'edit', null, true) : {};
            return config.update!(toggling.row, { ...base, [tg.field]: value, reason });
          }}
          onDone={(_, reason) => {
            setDone({
              text: t(toggling.on ? 'catalogue.switchedOn' : 'catalogue.switchedOff', { name: config.name(toggling.row) }),
              audit: auditOf(config.audit, 'edit', toggling.row.id, reason),
            });
            setToggling(null);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}

function RowView<R extends { id: number }>({
  r,
  config,
  on,
  expanded,
  colCount,
  onEdit,
  onToggle,
  onExpand,
}: {
  r: R;
  config: ResourceConfig<R>;
  on: boolean;
  expanded: boolean;
  colCount: number;
  onEdit: () => void;
  onToggle: (on: boolean) => void;
  onExpand: () => void;
}) {
  const { t } = useTexts();
  const tg = config.toggle;
  return (
    <>
      <tr className={cx(!on && css.off)} data-testid={`row:${r.id}`}>
        {config.columns.map((c) => (
          <td key={c.key} className={cx(c.align === 'end' && css.end, c.mono && fcss.mono)}>
            {c.render ? c.render(r) : cellText((r as unknown as Row)[c.key])}
          </td>
        ))}
        {tg ? (
          <td>
            <Switch checked={on} onChange={onToggle} label={`${t(keyFor('catalogue.f.', tg.field))} ${config.name(r)}`} disabled={!config.update} testId={`toggle:${r.id}`} />
          </td>
        ) : null}
        <td className={css.end}>
          <span className={css.rowActions}>
            {config.expand ? (
              <Button small variant="ghost" onClick={onExpand} aria-expanded={expanded}>
                {expanded ? t('catalogue.less') : t('catalogue.more')}
              </Button>
            ) : null}
            {config.update ? (
              <Button small variant="ghost" onClick={onEdit} data-testid={`edit:${r.id}`}>
                {t('catalogue.edit')}
              </Button>
            ) : null}
          </span>
        </td>
      </tr>
      {expanded && config.expand ? (
        <tr className={css.expandRow}>
          <td colSpan={colCount}>{config.expand(r)}</td>
        </tr>
      ) : null}
    </>
  );
}

export function ResourceForm<R extends { id: number }>({
  config,
  mode,
  row,
  onClose,
  onDone,
}: {
  config: ResourceConfig<R>;
  mode: Mode;
  row: R | null;
  onClose: () => void;
  /** The write went through: the row's name and id (a created row's from the answer) and the reason. */
  onDone: (name: string, id: number | null, reason: string) => void;
}) {
  const { t } = useTexts();
  const initial = useMemo(() => toFormValues(config.fields, row as unknown as Row | null, config.createDefaults), [config, row]);
  const [values, setValues] = useState<FormValues>(initial);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [touched, setTouched] = useState(false);
  const errors = useMemo(() => ({ ...validateForm(config.fields, values, mode, config.rules), ...(config.check?.(values, mode) ?? {}) }), [config, values, mode]);
  const changes = mode === 'edit' ? formChanges(config.fields, values, initial) : [];
  const serverField = error instanceof AdminApiError ? fieldOfMessage(config.fields, error.msg) : null;
  const bad = Object.keys(errors).length > 0;
  const nothing = mode === 'edit' && changes.length === 0;
  const set = (name: string, v: FormValue) => {
    setValues((old) => ({ ...old, [name]: v }));
    setTouched(true);
    setError(null);
  };
  const submit = async () => {
    setTouched(true);
    if (bad || nothing || !reason.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      const body = { ...toBody(config.fields, values, mode, initial, config.fullBody), reason: reason.trim() };
      const answer = mode === 'create' ? await config.create!(body) : await config.update!(row!, body);
      const created = (answer as { id?: unknown } | null)?.id;
      const id = row ? row.id : typeof created === 'number' ? created : null;
      onDone(row ? config.name(row) : String(values.symbol || values.coin || values.kind || ''), id, body.reason);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  const title = mode === 'create' ? t(config.createLabelKey ?? 'catalogue.add') : t('catalogue.editTitle', { name: row ? config.name(row) : '' });
  const label = (path: string) => {
    const f = config.fields.find((x) => x.name === path);
    return f ? t(labelKeyOf(f)) : path;
  };
  return (
    <Modal
      wide
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <>
          {touched && bad ? <span className={css.footNote}>{t('catalogue.fixFirst', { count: Object.keys(errors).length })}</span> : null}
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('shell.cancel')}
          </Button>
          <Button variant="primary" busy={busy} disabled={nothing || !reason.trim() || (touched && bad)} onClick={() => void submit()} data-testid="submit">
            {mode === 'create' ? t('catalogue.create') : t('catalogue.saveChanges', { count: changes.length })}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
        data-testid="resource-form"
      >
        <FormFields
          fields={config.fields}
          values={values}
          errors={errors}
          mode={mode}
          onChange={set}
          show={touched}
          serverField={serverField}
          serverMessage={error instanceof AdminApiError ? error.msg : undefined}
        />
        {mode === 'edit' ? (
          <div className={css.changes}>
            <h3 className={css.subhead}>{t('catalogue.changes')}</h3>
            <DiffTable changes={changes} label={label} />
          </div>
        ) : null}
        <ReasonField value={reason} onChange={setReason} />
        {error && !serverField ? <ErrorNote error={error} /> : null}
        {error && serverField ? (
          <div className={fcss.banner} role="alert">
            {t('settings.serverRefused', { msg: errorText(error, t) })}
          </div>
        ) : null}
      </form>
    </Modal>
  );
}

/** A page of one or more resource tables under a heading. */
export function ResourcePageFrame({ titleKey, subKey, children, testId }: { titleKey: ConsoleKey; subKey?: ConsoleKey; children: ReactNode; testId?: string }) {
  const { t } = useTexts();
  return (
    <div className={cx(fcss.page, css.page)} data-testid={testId}>
      <PageHead title={t(titleKey)} sub={subKey ? t(subKey) : undefined} />
      {children}
    </div>
  );
}

export { labelKeyOf };
