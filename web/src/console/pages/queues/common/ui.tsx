// Small pieces the queue and content pages share: the server's answer, the
// reason box, the pager, status tabs and label/value lists.
import { useId, type ReactNode } from 'react';
import { fmtDateTime, fmtNumber } from '../../../format';
import { failure } from './errors';
import { REASON_CHARS_MAX } from './types';
import { useTexts } from './texts';

/** What the server answered to a write: its success line, or its refusal. */
export function Answer({ ok, error, onDismiss }: { ok?: ReactNode; error?: unknown; onDismiss?: () => void }) {
  const { t } = useTexts();
  if (error) {
    const f = failure(error, t);
    return (
      <div className="cq-answer cq-answer-error" role="alert" data-testid="answer-error">
        <span className="cq-answer-icon" aria-hidden>!</span>
        <span className="cq-answer-text">
          {f.text}
          {f.code !== null ? <span className="cq-answer-code">{t('common.error.codeTag', { code: f.code })}</span> : null}
        </span>
        {onDismiss ? (
          <button type="button" className="cq-link" onClick={onDismiss}>
            {t('common.dismiss')}
          </button>
        ) : null}
      </div>
    );
  }
  if (!ok) return null;
  return (
    <div className="cq-answer cq-answer-ok" role="status" data-testid="answer-ok">
      <span className="cq-answer-icon" aria-hidden>✓</span>
      <span className="cq-answer-text">{ok}</span>
      {onDismiss ? (
        <button type="button" className="cq-link" onClick={onDismiss}>
          {t('common.dismiss')}
        </button>
      ) : null}
    </div>
  );
}

/** A failed read: the server's message and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTexts();
  const f = failure(error, t);
  return (
    <div className="cq-answer cq-answer-error" role="alert">
      <span className="cq-answer-icon" aria-hidden>!</span>
      <span className="cq-answer-text">
        {f.text}
        {f.code !== null ? <span className="cq-answer-code">{t('common.error.codeTag', { code: f.code })}</span> : null}
      </span>
      {onRetry ? (
        <button type="button" className="cq-link" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** The reason a write is made for: required, at most 500 characters, shown to whom `hint` says. */
export function ReasonField({
  value,
  onChange,
  error,
  hint,
  label,
  disabled,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  hint?: string;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTexts();
  const id = useId();
  const count = [...value].length;
  return (
    <div className={`cq-field${error ? ' cq-field-invalid' : ''}`}>
      <label htmlFor={id} className="cq-label">
        {label ?? t('common.reason')} <span className="cq-required">{t('common.required')}</span>
      </label>
      <textarea
        id={id}
        className="cq-input cq-textarea"
        rows={3}
        value={value}
        maxLength={REASON_CHARS_MAX}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        data-testid="reason"
      />
      <div className="cq-field-foot" id={`${id}-hint`}>
        {error ? (
          <span className="cq-field-error" role="alert">
            {error}
          </span>
        ) : (
          <span className="cq-muted">{hint ?? ''}</span>
        )}
        <span className="cq-muted cq-counter">
          {count}/{REASON_CHARS_MAX}
        </span>
      </div>
    </div>
  );
}

/** Whether a reason is given (the server trims it and refuses an empty one). */
export function hasReason(reason: string): boolean {
  return reason.trim().length > 0;
}

/** Server paging: page numbers from 1. */
export function Pager({ page, size, total, onPage }: { page: number; size: number; total: number; onPage: (p: number) => void }) {
  const { t, lang } = useTexts();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="cq-pager" aria-label={t('common.pages')}>
      <button type="button" className="cq-btn cq-btn-ghost cq-btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹ {t('common.prev')}
      </button>
      <span className="cq-muted">{t('common.pageOf', { page, pages, total: fmtNumber(total, lang) })}</span>
      <button type="button" className="cq-btn cq-btn-ghost cq-btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')} ›
      </button>
    </nav>
  );
}

export interface TabItem<V extends string> {
  value: V;
  label: string;
}

export function Tabs<V extends string>({ items, value, onChange, label }: { items: TabItem<V>[]; value: V; onChange: (v: V) => void; label: string }) {
  return (
    <div className="cq-tabs" role="tablist" aria-label={label}>
      {items.map((it) => (
        <button
          key={it.value}
          type="button"
          role="tab"
          aria-selected={it.value === value}
          className={`cq-tab${it.value === value ? ' cq-tab-on' : ''}`}
          onClick={() => onChange(it.value)}
        >
          {it.label}
        </button>
      ))}
    </div>
  );
}

/** Label and value pairs. */
export function Facts({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="cq-facts">
      {items.map(([k, v], i) => (
        <div key={i} className="cq-fact">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An amount exactly as the server wrote it, digits grouped, with its coin. */
export function Amount({ value, coin, strong }: { value: string | null | undefined; coin?: string | null; strong?: boolean }) {
  const { lang } = useTexts();
  return (
    <span className={`cq-num${strong ? ' cq-strong' : ''}`}>
      {fmtNumber(value, lang)}
      {coin ? <span className="cq-coin"> {coin}</span> : null}
    </span>
  );
}

export function When({ value }: { value: string | null | undefined }) {
  return <time dateTime={value ?? undefined} className="cq-num">{fmtDateTime(value)}</time>;
}

export type Tone = 'neutral' | 'ok' | 'warn' | 'bad' | 'info';

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`cq-badge cq-badge-${tone}`}>{children}</span>;
}

/** A long token (hash, address) in monospace, breaking anywhere. */
export function Mono({ children }: { children: ReactNode }) {
  return <span className="cq-mono">{children}</span>;
}

/** The middle of a long hash left out: "0x12ab…9f3c". */
export function shorten(text: string, head = 8, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="cq-empty">{children}</div>;
}

export function Loading() {
  const { t } = useTexts();
  return (
    <div className="cq-loading" role="status">
      {t('common.loading')}
    </div>
  );
}
