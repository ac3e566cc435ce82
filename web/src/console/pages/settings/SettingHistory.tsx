// The history of one setting: each change from the audit log with who made
// it, when, why, and what it changed (the same diff as before a save).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fmtDateTime } from '../../format';
import { Button, Empty, ErrorNote, Loading } from '../../layout/ui';
import { entryValues, keyHistory, type AuditRow } from './audit';
import { DiffTable, formCss as css, useTexts } from './kit';
import { diffValues, SETTING_DEFAULTS, type FieldSchema } from './schema';

const PAGES_MAX = 20;

export function SettingHistory({ settingKey, schema, label }: { settingKey: string; schema: FieldSchema | null; label: (path: string) => string }) {
  const { t } = useTexts();
  const [pages, setPages] = useState(2);
  const q = useQuery({
    queryKey: ['console', 'settings', 'history', settingKey, pages],
    queryFn: () => keyHistory(settingKey, pages),
    placeholderData: (prev) => prev,
  });
  if (q.isPending) return <Loading />;
  if (q.isError) return <ErrorNote error={q.error} onRetry={() => void q.refetch()} />;
  const { rows, total } = q.data;
  const more = rows.length < total && pages < PAGES_MAX;
  return (
    <div className={css.history} data-testid="history">
      {rows.length === 0 ? <Empty>{t('settings.history.empty')}</Empty> : null}
      {rows.map((row) => (
        <HistoryEntry key={row.id} row={row} settingKey={settingKey} schema={schema} label={label} />
      ))}
      <div className={css.historyFoot}>
        <span className={css.muted}>{t('settings.history.shown', { count: rows.length, total })}</span>
        {more ? (
          <Button small variant="ghost" busy={q.isFetching} onClick={() => setPages((p) => Math.min(PAGES_MAX, p + 3))}>
            {t('settings.history.more')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function HistoryEntry({
  row,
  settingKey,
  schema,
  label,
  open: openAtFirst = false,
}: {
  row: AuditRow;
  settingKey: string;
  schema: FieldSchema | null;
  label: (path: string) => string;
  open?: boolean;
}) {
  const { t } = useTexts();
  const [open, setOpen] = useState(openAtFirst);
  const v = entryValues(row);
  const before = v.old ?? SETTING_DEFAULTS[settingKey];
  const changes = diffValues(settingKey, before, v.new, schema);
  return (
    <article className={css.entry} data-testid={`audit-${row.id}`}>
      <header className={css.entryHead}>
        <span className={css.entryId}>{t('settings.history.entry', { id: row.id })}</span>
        <span>{t('settings.history.by', { actor: row.actorName, time: fmtDateTime(row.createTime) })}</span>
        <span className={css.entryReason}>
          <span className={css.muted}>{t('settings.history.reason')}:</span> {row.reason}
        </span>
        <button type="button" className={css.linkButton} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {t('settings.diff.count', { count: changes.length })}
        </button>
      </header>
      {open ? <DiffTable changes={changes} label={label} /> : null}
    </article>
  );
}
