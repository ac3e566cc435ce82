// The sign-in calendar: up to 7 days of rewards, replaced whole (PUT
// /api/admin/welfare/calendar). The operator API has no read of it, so the
// form starts from the last change in the audit log (welfare.calendar_update
// records the new days, on target `welfare_calendar:sign_in`), or empty if it
// was never set. A save shows the entry it made.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fmtDateTime } from '../../format';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { Button, Card, ReasonDialog } from '../../layout/ui';
import { DiffTable, TextInput, cx, formCss as fcss, useTexts } from '../settings/kit';
import { auditPage } from '../settings/audit';
import { catalogueApi, cq } from './api';
import { calendarBody, calendarErrors, type CalendarDay } from './specs';
import css from './catalogue.module.css';

export const CALENDAR_ACTION = 'welfare.calendar_update';
/** `kind:id` like every audit target (crates/rewards/src/welfare_editing.rs CALENDAR_TARGET), so the log's target filter selects it. */
export const CALENDAR_TARGET = 'welfare_calendar:sign_in';

interface Last {
  days: CalendarDay[];
  when: string | null;
  by: string | null;
}

function daysOf(v: unknown): CalendarDay[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null)
    .map((d) => ({ day: String(d.day ?? ''), amount: String(d.amount ?? ''), coin: String(d.coin ?? '') }))
    .sort((a, b) => Number(a.day) - Number(b.day));
}

async function lastCalendar(): Promise<Last> {
  const p = await auditPage(CALENDAR_ACTION, 1, 1);
  const row = p.rows[0];
  if (!row) return { days: [], when: null, by: null };
  const detail = row.detail as { new?: unknown } | null;
  return { days: daysOf(detail?.new), when: row.createTime, by: row.actorName };
}

export function CalendarEditor() {
  const { t } = useTexts();
  const client = useQueryClient();
  const q = useQuery({ queryKey: cq.calendar, queryFn: lastCalendar });
  const [draft, setDraft] = useState<CalendarDay[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<AuditWrite | null>(null);
  const current = q.data?.days ?? [];
  const days = draft ?? current;
  const errors = calendarErrors(days);
  const changed = JSON.stringify(calendarBody(days)) !== JSON.stringify(calendarBody(current));
  const set = (i: number, patch: Partial<CalendarDay>) => {
    setDraft(days.map((d, j) => (j === i ? { ...d, ...patch } : d)));
    setSaved(null);
  };
  const nextDay = () => {
    for (let n = 1; n <= 7; n++) if (!days.some((d) => Number(d.day) === n)) return String(n);
    return '';
  };
  const err = (k: string) => (errors[k] ? t(errors[k].key, errors[k].params) : null);
  const before = new Map(calendarBody(current).map((d) => [d.day, `${d.amount} ${d.coin}`]));
  const after = new Map(calendarBody(days).map((d) => [d.day, `${d.amount} ${d.coin}`]));
  const dayNums = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  const changes = dayNums
    .filter((n) => before.get(n) !== after.get(n))
    .map((n) =>
      !before.has(n)
        ? { path: t('catalogue.calendar.day', { n }), kind: 'added' as const, after: after.get(n)! }
        : !after.has(n)
          ? { path: t('catalogue.calendar.day', { n }), kind: 'removed' as const, before: before.get(n)! }
          : { path: t('catalogue.calendar.day', { n }), kind: 'changed' as const, before: before.get(n)!, after: after.get(n)! },
    );
  return (
    <Card title={t('catalogue.calendar.title')} testId="calendar">
      <p className={fcss.muted}>
        {q.data?.when ? t('catalogue.calendar.from', { time: fmtDateTime(q.data.when), by: q.data.by ?? '' }) : t('catalogue.calendar.never')}
      </p>
      {q.isError ? <p className={fcss.muted}>{t('catalogue.calendar.noAudit')}</p> : null}
      <div className={css.calendar}>
        {days.length ? (
          <div className={cx(css.calRow, css.calHead)} aria-hidden>
            <span>{t('catalogue.calendar.dayCol')}</span>
            <span>{t('catalogue.f.rewardAmount')}</span>
            <span>{t('catalogue.f.rewardCoin')}</span>
            <span />
          </div>
        ) : null}
        {days.map((d, i) => (
          <div key={i} className={css.calRow}>
            <div className={fcss.cell}>
              <TextInput value={d.day} inputMode="numeric" className={fcss.mono} invalid={!!err(`${i}.day`)} onChange={(e) => set(i, { day: e.target.value })} aria-label={t('catalogue.calendar.dayCol')} />
              {err(`${i}.day`) ? <div className={fcss.error}>{err(`${i}.day`)}</div> : null}
            </div>
            <div className={fcss.cell}>
              <TextInput value={d.amount} inputMode="decimal" className={fcss.mono} invalid={!!err(`${i}.amount`)} onChange={(e) => set(i, { amount: e.target.value })} aria-label={t('catalogue.f.rewardAmount')} />
              {err(`${i}.amount`) ? <div className={fcss.error}>{err(`${i}.amount`)}</div> : null}
            </div>
            <div className={fcss.cell}>
              <TextInput value={d.coin} placeholder="USDT" invalid={!!err(`${i}.coin`)} onChange={(e) => set(i, { coin: e.target.value })} aria-label={t('catalogue.f.rewardCoin')} />
              {err(`${i}.coin`) ? <div className={fcss.error}>{err(`${i}.coin`)}</div> : null}
            </div>
            <button type="button" className={cx(fcss.iconButton, fcss.danger)} onClick={() => setDraft(days.filter((_, j) => j !== i))} aria-label={t('settings.list.remove')}>
              ×
            </button>
          </div>
        ))}
      </div>
      {errors.days ? <div className={fcss.error}>{t(errors.days.key)}</div> : null}
      <div className={css.inlineForm}>
        <Button small variant="ghost" onClick={() => setDraft([...days, { day: nextDay(), amount: '', coin: 'USDT' }])} disabled={days.length >= 7}>
          + {t('catalogue.calendar.addDay')}
        </Button>
        <span className={css.spacer} />
        {saved ? (
          <span className={css.done} data-testid="done">
            ✓ {t('catalogue.calendar.saved')} <AuditMade write={saved} />
          </span>
        ) : null}
        <Button small variant="ghost" onClick={() => setDraft(null)} disabled={!draft}>
          {t('settings.discard')}
        </Button>
        <Button small variant="primary" disabled={!changed || Object.keys(errors).length > 0} onClick={() => setConfirming(true)} data-testid="calendar-save">
          {t('catalogue.calendar.save')}
        </Button>
      </div>
      {confirming ? (
        <ReasonDialog
          title={t('catalogue.calendar.confirm')}
          confirmLabel={t('catalogue.calendar.save')}
          onClose={() => setConfirming(false)}
          onSubmit={(reason) => catalogueApi.setCalendar(calendarBody(days), reason)}
          onDone={(res, reason) => {
            client.setQueryData<Last>(cq.calendar, { days: daysOf(res), when: new Date().toISOString(), by: null });
            void client.invalidateQueries({ queryKey: cq.calendar });
            setDraft(null);
            setConfirming(false);
            setSaved(auditWrite(CALENDAR_ACTION, CALENDAR_TARGET, reason));
          }}
        >
          <DiffTable changes={changes} />
        </ReasonDialog>
      ) : null}
    </Card>
  );
}
