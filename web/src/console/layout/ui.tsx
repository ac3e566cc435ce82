// The console's building blocks: buttons, cards, tables' pager, dialogs and
// the reason every write asks for. Styles in console.css.
import { useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { errorText } from './errors';
import { useCt } from './useCt';

/** Longest reason the server takes (crates/platform/src/audit.rs REASON_CHARS_MAX). */
export const REASON_MAX = 500;

type Variant = 'primary' | 'ghost' | 'danger' | 'plain';

export function Button({
  variant = 'plain',
  busy = false,
  small = false,
  className,
  children,
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean; small?: boolean }) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={['c-btn', `c-btn--${variant}`, small ? 'c-btn--small' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      {busy ? <Spinner small /> : null}
      {children}
    </button>
  );
}

export function Spinner({ small = false, label }: { small?: boolean; label?: string }) {
  return <span className={small ? 'c-spinner c-spinner--small' : 'c-spinner'} role="status" aria-label={label ?? 'loading'} />;
}

export function Loading() {
  const { t } = useCt();
  return (
    <div className="c-loading">
      <Spinner label={t('shell.loading')} /> <span>{t('shell.loading')}</span>
    </div>
  );
}

export function Card({
  title,
  actions,
  children,
  className,
  testId,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={['c-card', className ?? ''].filter(Boolean).join(' ')} data-testid={testId}>
      {title || actions ? (
        <header className="c-card__head">
          {title ? <h2 className="c-card__title">{title}</h2> : <span />}
          {actions ? <div className="c-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export function PageHead({ title, sub, actions }: { title: ReactNode; sub?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="c-pagehead">
      <div>
        <h1 className="c-pagehead__title">{title}</h1>
        {sub ? <p className="c-pagehead__sub">{sub}</p> : null}
      </div>
      {actions ? <div className="c-pagehead__actions">{actions}</div> : null}
    </div>
  );
}

export function ErrorNote({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useCt();
  if (!error) return null;
  return (
    <div className="c-error" role="alert">
      <span>{errorText(error, t)}</span>
      {onRetry ? (
        <Button small variant="ghost" onClick={onRetry}>
          {t('shell.retry')}
        </Button>
      ) : null}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="c-empty">{children}</div>;
}

export type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'muted';

export function Badge({ tone = 'muted', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`c-badge c-badge--${tone}`}>{children}</span>;
}

/** Server paging: pages are 1-based, as pageNum is. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  busy,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const { t } = useCt();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="c-pager" aria-label={t('shell.pager.label')}>
      <span className="c-pager__info">{t('shell.pager.range', { from, to, total })}</span>
      {busy ? <Spinner small /> : null}
      <Button small variant="ghost" disabled={page <= 1} onClick={() => onPage(1)} aria-label={t('shell.pager.first')}>
        «
      </Button>
      <Button small variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('shell.pager.prev')}
      </Button>
      <span className="c-pager__page">{t('shell.pager.page', { page, pages })}</span>
      <Button small variant="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('shell.pager.next')}
      </Button>
      <Button small variant="ghost" disabled={page >= pages} onClick={() => onPage(pages)} aria-label={t('shell.pager.last')}>
        »
      </Button>
    </nav>
  );
}

export function Modal({
  title,
  onClose,
  children,
  footer,
  wide = false,
  dismissable = true,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  dismissable?: boolean;
}) {
  const { t } = useCt();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const first = box.current?.querySelector<HTMLElement>('textarea, input, select, button.c-btn--primary');
    first?.focus();
  }, []);
  useEffect(() => {
    if (!dismissable) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dismissable, onClose]);
  return (
    <div className="c-modal" role="presentation" onMouseDown={(e) => dismissable && e.target === e.currentTarget && onClose()}>
      <div className={wide ? 'c-modal__box c-modal__box--wide' : 'c-modal__box'} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={box}>
        <header className="c-modal__head">
          <h2 id={titleId}>{title}</h2>
          {dismissable ? (
            <button type="button" className="c-modal__close" onClick={onClose} aria-label={t('shell.close')}>
              ×
            </button>
          ) : null}
        </header>
        <div className="c-modal__body">{children}</div>
        {footer ? <footer className="c-modal__foot">{footer}</footer> : null}
      </div>
    </div>
  );
}

/** The reason of a write: required, at most REASON_MAX characters, recorded in the audit log. */
export function ReasonField({ value, onChange, autoFocus }: { value: string; onChange: (v: string) => void; autoFocus?: boolean }) {
  const { t } = useCt();
  const id = useId();
  return (
    <div className="c-field">
      <label htmlFor={id}>
        {t('shell.reason.label')} <span className="c-req">*</span>
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={REASON_MAX}
        autoFocus={autoFocus}
        placeholder={t('shell.reason.placeholder')}
        onChange={(e) => onChange(e.target.value)}
        data-testid="reason"
      />
      <div className="c-field__hint">
        <span>{t('shell.reason.hint')}</span>
        <span>
          {value.length}/{REASON_MAX}
        </span>
      </div>
    </div>
  );
}

/**
 * A write that asks for its reason first. `onSubmit` runs the call; the dialog
 * shows it running and any refusal, and closes through `onDone` with the result.
 */
export function ReasonDialog<T>({
  title,
  intro,
  confirmLabel,
  danger = false,
  children,
  canSubmit = true,
  onSubmit,
  onClose,
  onDone,
}: {
  title: ReactNode;
  intro?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  children?: ReactNode;
  canSubmit?: boolean;
  onSubmit: (reason: string) => Promise<T>;
  onClose: () => void;
  onDone: (result: T, reason: string) => void;
}) {
  const { t } = useCt();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const trimmed = reason.trim();
  const submit = async () => {
    if (!trimmed || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await onSubmit(trimmed);
      onDone(result, trimmed);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('shell.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} disabled={!trimmed || !canSubmit} onClick={submit} data-testid="reason-submit">
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {intro ? <div className="c-modal__intro">{intro}</div> : null}
        {children}
        <ReasonField value={reason} onChange={setReason} />
        <ErrorNote error={error} />
      </form>
    </Modal>
  );
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useCt();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const id = setTimeout(() => setDone(false), 1500);
    return () => clearTimeout(id);
  }, [done]);
  return (
    <Button
      small
      variant="ghost"
      onClick={() => {
        void navigator.clipboard
          ?.writeText(text)
          .then(() => setDone(true))
          .catch(() => setDone(false));
      }}
    >
      {done ? t('shell.copied') : (label ?? t('shell.copy'))}
    </Button>
  );
}

/** Label and value pairs. */
export function KeyValues({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="c-kv">
      {items.map(([k, v], i) => (
        <div className="c-kv__row" key={i}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Saves text as a file in the browser. */
export function downloadText(name: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
