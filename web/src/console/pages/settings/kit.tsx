// Form pieces the settings and catalogue pages share: a labelled field with
// its inline error, a switch, and the table of a diff. Styles in
// forms.module.css (theme colours from the shell's CSS variables, with
// fallbacks for both themes).
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCt, type CT } from '../../layout/useCt';
import css from './forms.module.css';
import { showJson, type Change } from './schema';

export { css as formCss };

/** The console's `t` (plain string keys) and the i18n instance (for `exists`). */
export function useTexts(): { t: CT; i18n: ReturnType<typeof useTranslation>['i18n']; lang: 'en' | 'zh' } {
  const { t, lang } = useCt();
  const { i18n } = useTranslation();
  return { t, i18n, lang };
}

export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** A label, the control, and the field's error (or hint) under it. */
export function Field({
  label,
  error,
  hint,
  required,
  wide,
  children,
  htmlFor,
  testId,
}: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  wide?: boolean;
  children: ReactNode;
  htmlFor?: string;
  testId?: string;
}) {
  return (
    <div className={cx(css.field, wide && css.fieldWide, error && css.fieldBad)} data-testid={testId} data-invalid={error ? 'true' : undefined}>
      <label className={css.label} htmlFor={htmlFor}>
        {label}
        {required ? <span className={css.req}> *</span> : null}
      </label>
      {children}
      {error ? (
        <div className={css.error} role="alert">
          {error}
        </div>
      ) : hint ? (
        <div className={css.hint}>{hint}</div>
      ) : null}
    </div>
  );
}

export function TextInput({ invalid, className, ...rest }: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  return <input type="text" spellCheck={false} autoComplete="off" {...rest} aria-invalid={invalid || undefined} className={cx(css.input, invalid && css.inputBad, className)} />;
}

/** An on/off switch (a checkbox with the switch role). */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
  id,
  testId,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  disabled?: boolean;
  id?: string;
  testId?: string;
}) {
  const own = useId();
  const { t } = useTexts();
  return (
    <label className={cx(css.switch, disabled && css.switchOff)} htmlFor={id ?? own} title={label}>
      <input
        id={id ?? own}
        type="checkbox"
        role="switch"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span className={css.track} aria-hidden>
        <span className={css.thumb} />
      </span>
      <span className={css.switchText}>{checked ? t('settings.switch.on') : t('settings.switch.off')}</span>
    </label>
  );
}

/** Changes as a table: field, before, after. `label` names a path for the reader. */
export function DiffTable({ changes, label }: { changes: Change[]; label?: (path: string) => ReactNode }) {
  const { t } = useTexts();
  if (changes.length === 0) return <p className={css.muted}>{t('settings.diff.none')}</p>;
  return (
    <table className={css.diff} data-testid="diff">
      <thead>
        <tr>
          <th>{t('settings.diff.path')}</th>
          <th>{t('settings.diff.before')}</th>
          <th aria-hidden />
          <th>{t('settings.diff.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c, i) => (
          <tr key={`${c.path}-${c.kind}-${i}`} data-path={c.path} data-kind={c.kind}>
            <td className={css.diffPath}>
              {label ? <span className={css.diffLabel}>{label(c.path)}</span> : null}
              <code>{c.path}</code>
            </td>
            {c.kind === 'moved' ? (
              <td colSpan={3} className={css.diffMoved}>
                <strong>{showJson(c.after)}</strong> {t('settings.diff.moved', { from: (c.from ?? 0) + 1, to: (c.to ?? 0) + 1 })}
              </td>
            ) : (
              <>
                <td className={cx(css.diffBefore, c.kind === 'added' && css.muted)}>{c.kind === 'added' ? '—' : <Value v={c.before} />}</td>
                <td className={css.arrow} aria-hidden>
                  →
                </td>
                <td className={cx(css.diffAfter, c.kind === 'removed' && css.muted)}>
                  {c.kind === 'removed' ? t('settings.diff.removed') : <Value v={c.after} />}
                  {c.kind === 'added' ? <span className={css.tag}>{t('settings.diff.added')}</span> : null}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Value({ v }: { v: Change['before'] }) {
  const { t } = useTexts();
  if (typeof v === 'boolean') return <span>{v ? t('settings.switch.on') : t('settings.switch.off')}</span>;
  const text = showJson(v);
  if (v !== null && typeof v === 'object') return <code className={css.jsonValue}>{text}</code>;
  return <span>{text}</span>;
}
