// One content item: its fields, a title and HTML body per language, and a
// preview of the chosen language as the user app shows it (cleaned here as
// the server will clean it on save). Saving needs a reason; the server's
// answer (the stored item, or its refusal) is shown, and the audit entry
// the save made.
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { adminApi, AdminApiError } from '../../api';
import { CODES } from '../../codes';
import { useTexts } from '../queues/common/texts';
import type { ContentBody, ContentRow, Translation } from '../queues/common/types';
import { Answer, Empty, hasReason, LoadError, Loading, Mono, ReasonField, When } from '../queues/common/ui';
import { useCategories } from './ContentPage';
import { ContentPreview } from './ContentPreview';
import {
  CONTENT_BYTES_MAX,
  contentKey,
  FALLBACK_LANG,
  isKind,
  KEY_CHARS_MAX,
  KEY_SUGGESTIONS,
  KINDS,
  LANGUAGES,
  PLACEMENT_SUGGESTIONS,
  pick,
  TITLE_CHARS_MAX,
  utf8Bytes,
  type Kind,
} from './model';
import '../queues/common/queues.css';
import './content.css';

export default function ContentEditPage() {
  const { t } = useTexts();
  const { id } = useParams();
  const creating = id === undefined;
  const item = useQuery({
    queryKey: [...contentKey, 'item', id ?? 'new'],
    queryFn: () => adminApi.get<ContentRow>(`/api/admin/content/${encodeURIComponent(id ?? '')}`),
    enabled: !creating,
  });
  const cats = useCategories();
  const missing = item.error instanceof AdminApiError && item.error.code === CODES.notFound;

  if (!creating && missing) {
    return (
      <div className="cq-page">
        <Back />
        <div className="cq-panel">
          <Empty>{t('content.notFound', { id: id ?? '' })}</Empty>
        </div>
      </div>
    );
  }
  if (item.isError) return <LoadError error={item.error} onRetry={() => void item.refetch()} />;
  if (cats.isError) return <LoadError error={cats.error} onRetry={() => void cats.refetch()} />;
  if ((!creating && item.isPending) || cats.isPending) return <Loading />;
  const row = creating ? undefined : item.data;
  return <Editor key={row?.id ?? 'new'} row={row} helpCategories={cats.data.rows} />;
}

function Back() {
  const { t } = useTexts();
  const { id } = useParams();
  return (
    <Link to={id === undefined ? '..' : '../..'} relative="path" className="cq-link cq-back">
      ‹ {t('content.backToList')}
    </Link>
  );
}

interface Draft {
  kind: Kind;
  key: string;
  modelKey: string;
  parentId: string;
  sort: string;
  published: boolean;
  texts: Record<string, { title: string; content: string }>;
}

function draftOf(row: ContentRow | undefined, kind: Kind): Draft {
  const texts: Draft['texts'] = {};
  for (const x of row?.translations ?? []) texts[x.lang] = { title: x.title, content: x.content ?? '' };
  return {
    kind: row && isKind(row.kind) ? row.kind : kind,
    key: row?.key ?? '',
    modelKey: row?.modelKey ?? (kind === 'notice' && !row ? 'HOME' : ''),
    parentId: row?.parentId ? String(row.parentId) : '',
    sort: String(row?.sort ?? 0),
    published: row?.published ?? true,
    texts,
  };
}

type Problems = Partial<Record<'key' | 'parentId' | 'sort' | 'texts' | 'reason', string>>;

function Editor({ row, helpCategories }: { row: ContentRow | undefined; helpCategories: ContentRow[] }) {
  const { t, lang: operatorLang } = useTexts();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const startKind = isKind(search.get('kind')) ? (search.get('kind') as Kind) : 'notice';
  const [draft, setDraft] = useState<Draft>(() => draftOf(row, startKind));
  const [active, setActive] = useState<string>(() => (row?.translations.some((x) => x.lang === operatorLang) ? operatorLang : FALLBACK_LANG));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [saved, setSaved] = useState<{ row: ContentRow; created: boolean; audit: AuditWrite | null } | null>(() => {
    const { created, reason } = (location.state as { created?: ContentRow; reason?: string } | null) ?? {};
    // content.create on content:<id> (crates/content/src/editing.rs).
    return created && created.id === row?.id ? { row: created, created: true, audit: reason ? auditWrite('content.create', `content:${created.id}`, reason) : null } : null;
  });

  const categories = useMemo(() => helpCategories.filter((r) => r.id !== row?.id), [helpCategories, row?.id]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const setText = (lang: string, field: 'title' | 'content', v: string) =>
    setDraft((d) => ({ ...d, texts: { ...d.texts, [lang]: { ...(d.texts[lang] ?? { title: '', content: '' }), [field]: v } } }));

  const given = (lang: string) => !!(draft.texts[lang] as Draft['texts'][string] | undefined)?.title.trim();
  const stored = new Set(row?.translations.map((x) => x.lang) ?? []);

  const save = useMutation({
    mutationFn: (body: ContentBody) =>
      row ? adminApi.put<ContentRow>(`/api/admin/content/${row.id}`, body) : adminApi.post<ContentRow>('/api/admin/content', body),
    onSuccess: (answer, body) => {
      // The stored item is known at once, so its page opens without asking again.
      void qc.invalidateQueries({ queryKey: contentKey });
      qc.setQueryData<ContentRow>([...contentKey, 'item', String(answer.id)], answer);
      setReason('');
      if (row) setSaved({ row: answer, created: false, audit: auditWrite('content.update', `content:${answer.id}`, body.reason) });
      else navigate(`../item/${answer.id}`, { relative: 'path', replace: true, state: { created: answer, reason: body.reason } });
    },
  });

  const submit = () => {
    const p: Problems = {};
    const key = draft.key.trim();
    if (!key || [...key].length > KEY_CHARS_MAX) p.key = t('content.problem.key', { max: KEY_CHARS_MAX });
    if (draft.kind === 'help_article' && !draft.parentId) p.parentId = t('content.problem.parent');
    if (!/^-?\d+$/.test(draft.sort.trim())) p.sort = t('content.problem.sort');
    const translations: Translation[] = [];
    for (const l of LANGUAGES) {
      const x = draft.texts[l.code] as Draft['texts'][string] | undefined;
      if (!x) continue;
      const title = x.title.trim();
      if (!title) {
        if (x.content.trim() && !p.texts) p.texts = t('content.problem.titleMissing', { lang: l.code });
        continue;
      }
      if ([...title].length > TITLE_CHARS_MAX && !p.texts) p.texts = t('content.problem.titleLong', { lang: l.code, max: TITLE_CHARS_MAX });
      if (utf8Bytes(x.content) > CONTENT_BYTES_MAX && !p.texts) p.texts = t('content.problem.contentLong', { lang: l.code, max: CONTENT_BYTES_MAX / 1024 });
      translations.push({ lang: l.code, title, content: x.content });
    }
    if (!p.texts && !row && !translations.some((x) => x.lang === FALLBACK_LANG)) p.texts = t('content.problem.englishRequired');
    if (!p.texts && translations.length === 0) p.texts = t('content.problem.englishRequired');
    if (!hasReason(reason)) p.reason = t('content.reasonNeeded');
    setProblems(p);
    if (Object.keys(p).length > 0) return;
    setSaved(null);
    save.mutate({
      kind: draft.kind,
      key,
      modelKey: draft.kind === 'notice' ? draft.modelKey.trim() || null : null,
      parentId: draft.kind === 'help_article' ? Number(draft.parentId) : null,
      sort: Number(draft.sort.trim()),
      published: draft.published,
      translations,
      reason: reason.trim(),
    });
  };

  const activeText = (draft.texts[active] as Draft['texts'][string] | undefined) ?? { title: '', content: '' };
  const activeLang = LANGUAGES.find((l) => l.code === active);
  const parent = draft.kind === 'help_article' ? categories.find((c) => String(c.id) === draft.parentId) : undefined;
  const bytes = utf8Bytes(activeText.content);

  return (
    <div className="cq-page" data-testid="page-content-edit">
      <Back />
      <header className="cq-head">
        <div>
          <h1>{row ? t('content.editTitle', { id: row.id }) : t('content.newTitle')}</h1>
          {row ? (
            <p className="cq-muted cq-small">
              {t('content.stamps')} <When value={row.createTime} /> · {t('content.updatedAt')} <When value={saved?.row.updateTime ?? row.updateTime} />
            </p>
          ) : (
            <p className="cq-muted">{t('content.newSubtitle')}</p>
          )}
        </div>
      </header>
      {saved ? (
        <Answer
          ok={
            <>
              {t(saved.created ? 'content.created' : 'content.saved', { id: saved.row.id })} {saved.audit ? <AuditMade write={saved.audit} /> : null}
            </>
          }
          onDismiss={() => setSaved(null)}
        />
      ) : null}

      <div className="cc-edit">
        <form
          className="cq-panel cc-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="cc-grid">
            <label className="cq-field">
              <span className="cq-label">{t('content.field.kind')}</span>
              <select className="cq-input cq-select" value={draft.kind} onChange={(e) => set('kind', e.target.value as Kind)} data-testid="field-kind">
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`content.kind1.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className={`cq-field${problems.key ? ' cq-field-invalid' : ''}`}>
              <span className="cq-label">
                {t('content.field.key')} <span className="cq-required">{t('common.required')}</span>
              </span>
              <input
                className="cq-input cq-mono"
                value={draft.key}
                list="cc-keys"
                maxLength={KEY_CHARS_MAX}
                onChange={(e) => set('key', e.target.value)}
                data-testid="field-key"
                aria-invalid={problems.key ? true : undefined}
              />
              <datalist id="cc-keys">
                {KEY_SUGGESTIONS[draft.kind].map((k) => (
                  <option key={k} value={k} />
                ))}
              </datalist>
              <span className={problems.key ? 'cq-field-error' : 'cq-muted cq-small'}>{problems.key ?? t(`content.keyHint.${draft.kind}`)}</span>
            </label>
            {draft.kind === 'notice' ? (
              <label className="cq-field">
                <span className="cq-label">{t('content.field.placement')}</span>
                <input className="cq-input cq-mono" value={draft.modelKey} list="cc-places" maxLength={KEY_CHARS_MAX} onChange={(e) => set('modelKey', e.target.value)} />
                <datalist id="cc-places">
                  {PLACEMENT_SUGGESTIONS.map((k) => (
                    <option key={k} value={k} />
                  ))}
                </datalist>
                <span className="cq-muted cq-small">{t('content.placementHint')}</span>
              </label>
            ) : null}
            {draft.kind === 'help_article' ? (
              <label className={`cq-field${problems.parentId ? ' cq-field-invalid' : ''}`}>
                <span className="cq-label">
                  {t('content.field.category')} <span className="cq-required">{t('common.required')}</span>
                </span>
                <select className="cq-input cq-select" value={draft.parentId} onChange={(e) => set('parentId', e.target.value)} data-testid="field-parent">
                  <option value="">{t('content.pickCategory')}</option>
                  {categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      #{c.id} {pick(c, operatorLang)?.title ?? c.key}
                    </option>
                  ))}
                </select>
                {problems.parentId ? <span className="cq-field-error">{problems.parentId}</span> : null}
              </label>
            ) : null}
            <label className={`cq-field cc-narrow${problems.sort ? ' cq-field-invalid' : ''}`}>
              <span className="cq-label">{t('content.field.sort')}</span>
              <input className="cq-input cq-num" inputMode="numeric" value={draft.sort} onChange={(e) => set('sort', e.target.value)} />
              <span className={problems.sort ? 'cq-field-error' : 'cq-muted cq-small'}>{problems.sort ?? t('content.sortHint')}</span>
            </label>
            <label className="cq-check">
              <input type="checkbox" checked={draft.published} onChange={(e) => set('published', e.target.checked)} data-testid="field-published" />
              <span>{t('content.field.published')}</span>
            </label>
          </div>

          <div className="cc-langs" role="tablist" aria-label={t('content.field.language')}>
            {LANGUAGES.map((l) => (
              <button
                key={l.code}
                type="button"
                role="tab"
                aria-selected={l.code === active}
                className={`cc-lang${l.code === active ? ' cc-lang-on' : ''}${given(l.code) ? ' cc-lang-given' : ''}`}
                onClick={() => setActive(l.code)}
                title={l.name}
                data-testid={`lang-${l.code}`}
              >
                {l.code}
                {l.code === FALLBACK_LANG ? <span className="cq-required">*</span> : null}
              </button>
            ))}
          </div>
          <div className="cc-translation">
            <label className="cq-field">
              <span className="cq-label">
                {t('content.field.title')} · {activeLang?.name}
              </span>
              <input
                className="cq-input"
                dir={activeLang?.rtl ? 'rtl' : 'auto'}
                value={activeText.title}
                maxLength={TITLE_CHARS_MAX}
                onChange={(e) => setText(active, 'title', e.target.value)}
                data-testid="field-title"
              />
            </label>
            <label className="cq-field">
              <span className="cq-label">
                {t('content.field.body')} <span className="cq-muted cq-small">{t('content.bodyHint')}</span>
              </span>
              <textarea
                className="cq-input cq-textarea cc-html"
                dir={activeLang?.rtl ? 'rtl' : 'auto'}
                rows={14}
                spellCheck={false}
                value={activeText.content}
                onChange={(e) => setText(active, 'content', e.target.value)}
                data-testid="field-body"
              />
              <span className="cq-muted cq-small cq-counter">
                {(bytes / 1024).toFixed(1)} / {CONTENT_BYTES_MAX / 1024} KB
              </span>
            </label>
            {stored.has(active) && !given(active) ? <p className="cq-note">{t('content.keptNote')}</p> : null}
            {problems.texts ? (
              <p className="cq-field-error" role="alert">
                {problems.texts}
              </p>
            ) : null}
          </div>

          <ReasonField
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (problems.reason && hasReason(v)) setProblems((x) => ({ ...x, reason: undefined }));
            }}
            error={problems.reason}
            hint={t('content.reasonHint')}
            disabled={save.isPending}
          />
          <Answer error={save.error} />
          <div className="cq-actions">
            <button type="submit" className="cq-btn cq-btn-primary" disabled={save.isPending} data-testid="content-save">
              {save.isPending ? t('common.saving') : row ? t('content.save') : t('content.create')}
            </button>
            <span className="cq-muted cq-small">
              {t('content.langsGiven', { list: LANGUAGES.filter((l) => given(l.code)).map((l) => l.code).join(', ') || '—' })}
            </span>
          </div>
        </form>

        <aside className="cc-preview-col" aria-label={t('content.preview')}>
          <div className="cq-panel-head">
            <h2 className="cq-h3">
              {t('content.preview')} · <Mono>{active}</Mono>
            </h2>
          </div>
          <ContentPreview
            kind={draft.kind}
            title={activeText.title}
            html={activeText.content}
            rtl={!!activeLang?.rtl}
            lang={active}
            category={parent ? pick(parent, active)?.title : undefined}
          />
          <p className="cq-muted cq-small">{t('content.previewNote')}</p>
        </aside>
      </div>
    </div>
  );
}
