// Settings: every key of the settings object (GET /api/admin/settings) as a
// form generated from the schema the server validates with (GET
// /api/admin/settings/schema), edits kept per key until saved, a diff to
// check and a reason before PUT /api/admin/settings/{key}, the audit entry
// the save made, and each key's history from the audit log.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminApi, AdminApiError } from '../../api';
import { AuditMade, auditWrite, useAuditMade, type AuditWrite } from '../../layout/AuditMade';
import { errorText } from '../../layout/errors';
import { Badge, Button, ErrorNote, Loading, Modal, PageHead, ReasonField } from '../../layout/ui';
import { SETTING_ACTION, settingTarget, type AuditRow } from './audit';
import { DiffTable, cx, formCss as css, useTexts } from './kit';
import { fieldLabel, issueText, keyHint, keyTitle } from './labels';
import { HistoryEntry, SettingHistory } from './SettingHistory';
import { SettingForm } from './SettingForm';
import {
  FIELD_REFUSALS,
  SETTING_DEFAULTS,
  diffValues,
  getAt,
  issuesByPath,
  parsePath,
  schemaFor,
  serverIssuePath,
  setAt,
  validateValue,
  type ArraySchema,
  type FieldSchema,
  type Json,
  type Segment,
  type SettingsSchema,
} from './schema';

export const settingsKey = ['console', 'settings'] as const;
export const settingsSchemaKey = ['console', 'settings', 'schema'] as const;

type Settings = Record<string, Json>;
type Tab = 'edit' | 'history' | 'json';

interface Saved {
  key: string;
  audit: AuditWrite;
}

export function SettingsPage() {
  const { t, i18n } = useTexts();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => adminApi.get<Settings>('/api/admin/settings') });
  // The schema changes only with the server's version.
  const schemaDoc = useQuery({
    queryKey: settingsSchemaKey,
    queryFn: () => adminApi.get<SettingsSchema>('/api/admin/settings/schema'),
    staleTime: Infinity,
  });
  const doc = schemaDoc.data;
  const [drafts, setDrafts] = useState<Record<string, Json>>({});
  const [filter, setFilter] = useState('');
  const [tab, setTab] = useState<Tab>('edit');
  const [reviewing, setReviewing] = useState(false);
  const [reason, setReason] = useState('');
  const [serverError, setServerError] = useState<{ key: string; error: unknown; path: string | null } | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);

  const keys: string[] = useMemo(() => {
    const known = doc?.keys ?? [];
    const server = settings.data ? Object.keys(settings.data) : [];
    return [...known, ...server.filter((k) => !known.includes(k))];
  }, [settings.data, doc]);
  const requested = params.get('key');
  const key = requested && keys.includes(requested) ? requested : keys[0];
  const schema = useMemo(() => schemaFor(key, doc), [key, doc]);
  const stored = settings.data?.[key];
  const draft = key in drafts ? drafts[key] : stored;
  const changes = useMemo(() => (stored === undefined ? [] : diffValues(key, stored, draft, schema)), [key, stored, draft, schema]);
  const issues = useMemo(() => (draft === undefined ? [] : validateValue(key, draft, schema)), [key, draft, schema]);
  const byPath = useMemo(() => issuesByPath(issues), [issues]);
  const serverIssues = useMemo(() => {
    if (!serverError || serverError.key !== key || !serverError.path || !(serverError.error instanceof AdminApiError)) return {};
    return { [serverError.path]: serverError.error.msg };
  }, [serverError, key]);

  const select = (k: string) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('key', k);
      return next;
    });
    setTab('edit');
    setReviewing(false);
  };

  const setDraft = (value: Json) => {
    setDrafts((d) => ({ ...d, [key]: value }));
    if (serverError?.key === key) setServerError(null);
  };

  const onChange = (segs: Segment[], value: Json) => setDraft(setAt(draft ?? null, segs, value));

  const discard = () =>
    setDrafts((d) => {
      const next = { ...d };
      delete next[key];
      return next;
    });

  const save = useMutation({
    mutationFn: (vars: { key: string; value: Json; reason: string }) =>
      adminApi.put<Json>(`/api/admin/settings/${encodeURIComponent(vars.key)}`, { value: vars.value, reason: vars.reason }),
    onSuccess: (_, vars) => {
      client.setQueryData<Settings>(settingsKey, (old) => (old ? { ...old, [vars.key]: vars.value } : old));
      void client.invalidateQueries({ queryKey: settingsKey });
      setDrafts((d) => {
        const next = { ...d };
        delete next[vars.key];
        return next;
      });
      setSaved({ key: vars.key, audit: auditWrite(SETTING_ACTION, settingTarget(vars.key), vars.reason) });
      setServerError(null);
      setReviewing(false);
      setReason('');
    },
    onError: (e, vars) => {
      const path = e instanceof AdminApiError && FIELD_REFUSALS.has(e.code) ? serverIssuePath(vars.key, e.msg) : null;
      setServerError({ key: vars.key, error: e, path });
      // A refusal that names a field: back to the form, where the field shows it.
      if (path) setReviewing(false);
    },
  });

  /** A path as the operator reads it: item names and field labels. */
  const pathLabel = (path: string): string => {
    const segs = parsePath(key, path);
    if (!segs || segs.length === 0) return keyTitle(t, i18n, key);
    const parts: string[] = [];
    let s: FieldSchema | null = schema;
    segs.forEach((seg, i) => {
      if (typeof seg === 'number') {
        const arr = s?.type === 'array' ? (s as ArraySchema) : null;
        const item = getAt(draft, segs.slice(0, i + 1)) ?? getAt(stored, segs.slice(0, i + 1));
        const id = arr?.identity && item && typeof item === 'object' && !Array.isArray(item) ? item[arr.identity] : null;
        parts.push(typeof id === 'string' && id ? id : `#${seg + 1}`);
        s = arr?.items ?? null;
      } else {
        parts.push(fieldLabel(t, i18n, key, seg));
        s = s?.type === 'object' ? (s.properties[seg] ?? null) : null;
      }
    });
    return parts.join(' › ');
  };

  if (settings.isPending || schemaDoc.isPending) return <Loading />;
  if (settings.isError || schemaDoc.isError) {
    const failed = settings.isError ? settings : schemaDoc;
    return (
      <div className={css.page}>
        <PageHead title={t('settings.title')} />
        <ErrorNote error={failed.error} onRetry={() => void failed.refetch()} />
      </div>
    );
  }

  const visibleKeys = keys.filter((k) => {
    const f = filter.trim().toLowerCase();
    return !f || k.toLowerCase().includes(f) || keyTitle(t, i18n, k).toLowerCase().includes(f);
  });
  const hint = keyHint(t, i18n, key);
  const canReview = changes.length > 0 && issues.length === 0 && !save.isPending;

  return (
    <div className={css.page} data-testid="settings-page">
      <PageHead title={t('settings.title')} sub={t('settings.sub')} />
      <div className={css.layout}>
        <nav className={css.keys} aria-label={t('settings.keysLabel')}>
          <input
            className={cx(css.input, css.keySearch)}
            type="search"
            value={filter}
            placeholder={t('settings.search')}
            aria-label={t('settings.search')}
            onChange={(e) => setFilter(e.target.value)}
          />
          <ul>
            {visibleKeys.map((k) => {
              const dirty = k in drafts && settings.data?.[k] !== undefined && diffValues(k, settings.data[k], drafts[k], schemaFor(k, doc)).length > 0;
              return (
                <li key={k}>
                  <button
                    type="button"
                    className={cx(css.keyButton, k === key && css.keyActive)}
                    aria-current={k === key ? 'page' : undefined}
                    onClick={() => select(k)}
                    data-testid={`key:${k}`}
                  >
                    <span className={css.keyTitle}>{keyTitle(t, i18n, k)}</span>
                    <code className={css.keyCode}>{k}</code>
                    {dirty ? <span className={css.dot} title={t('settings.unsavedDot')} aria-label={t('settings.unsavedDot')} /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>

        <section className={css.main} aria-labelledby="setting-title">
          <header className={css.mainHead}>
            <div>
              <h2 id="setting-title" className={css.mainTitle}>
                {keyTitle(t, i18n, key)} <code className={css.code}>{key}</code>
              </h2>
              {hint ? <p className={css.muted}>{hint}</p> : null}
            </div>
            <div className={css.actions}>
              <Button small variant="ghost" onClick={() => setDraft(SETTING_DEFAULTS[key] ?? draft ?? null)} title={t('settings.loadDefaultsHint')} disabled={!(key in SETTING_DEFAULTS)}>
                {t('settings.loadDefaults')}
              </Button>
              <Button small variant="ghost" onClick={discard} disabled={!(key in drafts)} data-testid="discard">
                {t('settings.discard')}
              </Button>
              <Button variant="primary" onClick={() => setReviewing(true)} disabled={!canReview} data-testid="review">
                {issues.length > 0 && changes.length > 0
                  ? t('settings.problemsFix', { count: issues.length })
                  : changes.length > 0
                    ? t('settings.reviewCount', { count: changes.length })
                    : t('settings.noChanges')}
              </Button>
            </div>
          </header>

          {saved && saved.key === key ? <SavedNote saved={saved} schema={schema} label={pathLabel} onDismiss={() => setSaved(null)} /> : null}

          {serverError && serverError.key === key ? (
            <div className={css.banner} role="alert" data-testid="server-error">
              {t('settings.serverRefused', { msg: errorText(serverError.error, t) })}
            </div>
          ) : null}

          {issues.length > 0 ? (
            <div className={css.problems} role="status" data-testid="problems">
              <strong>{t('settings.problems', { count: issues.length })}</strong>
              <ul>
                {issues.slice(0, 8).map((i) => (
                  <li key={`${i.path}-${i.code}`}>
                    <span className={css.problemPath}>{pathLabel(i.path)}</span> — {issueText(t, i)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <div className={css.tabs} role="tablist">
            {(['edit', 'history', 'json'] as Tab[]).map((x) => (
              <button key={x} type="button" role="tab" aria-selected={tab === x} className={cx(css.tab, tab === x && css.tabOn)} onClick={() => setTab(x)} data-testid={`tab:${x}`}>
                {t(`settings.tab.${x}`)}
                {x === 'edit' && changes.length > 0 ? <Badge tone="warn">{changes.length}</Badge> : null}
              </button>
            ))}
          </div>

          {tab === 'edit' ? (
            schema && draft !== undefined ? (
              <form className={css.form} onSubmit={(e) => e.preventDefault()} noValidate data-testid="setting-form">
                <SettingForm schema={schema} value={draft} ctx={{ settingKey: key, issues: byPath, serverIssues, onChange }} />
              </form>
            ) : (
              <pre className={css.pre}>{JSON.stringify(draft, null, 2)}</pre>
            )
          ) : tab === 'history' ? (
            <SettingHistory settingKey={key} schema={schema} label={pathLabel} />
          ) : (
            <div>
              <p className={css.muted}>{t('settings.json.readonly')}</p>
              <pre className={css.pre} data-testid="json">
                {JSON.stringify(draft, null, 2)}
              </pre>
            </div>
          )}
        </section>
      </div>

      {reviewing ? (
        <Modal
          wide
          title={t('settings.diff.title', { key: keyTitle(t, i18n, key) })}
          onClose={() => !save.isPending && setReviewing(false)}
          footer={
            <>
              <Button variant="ghost" onClick={() => setReviewing(false)} disabled={save.isPending}>
                {t('shell.cancel')}
              </Button>
              <Button
                variant="primary"
                busy={save.isPending}
                disabled={!reason.trim() || changes.length === 0 || issues.length > 0}
                onClick={() => save.mutate({ key, value: draft ?? null, reason: reason.trim() })}
                data-testid="save"
              >
                {t('settings.save')}
              </Button>
            </>
          }
        >
          <p className={css.muted}>{t('settings.diff.intro')}</p>
          <DiffTable changes={changes} label={pathLabel} />
          <ReasonField value={reason} onChange={setReason} />
          {serverError && serverError.key === key ? <ErrorNote error={serverError.error} /> : null}
        </Modal>
      ) : null}
    </div>
  );
}

function SavedNote({ saved, schema, label, onDismiss }: { saved: Saved; schema: FieldSchema | null; label: (p: string) => string; onDismiss: () => void }) {
  const { t, i18n } = useTexts();
  const made = useAuditMade(saved.audit);
  return (
    <div className={css.saved} role="status" data-testid="saved">
      <div className={css.savedHead}>
        <strong>✓ {t('settings.saved.title', { key: keyTitle(t, i18n, saved.key) })}</strong>
        <button type="button" className={css.linkButton} onClick={onDismiss}>
          {t('settings.saved.dismiss')}
        </button>
      </div>
      <p data-testid="saved-audit">
        <AuditMade write={saved.audit} />
      </p>
      {made.status === 'found' ? <HistoryEntry row={made.entry as AuditRow} settingKey={saved.key} schema={schema} label={label} open /> : null}
    </div>
  );
}

export default SettingsPage;
