// The inputs of a form generated from field specs (fields.ts): each kind
// its control, each field its label and inline error.
import { useId } from 'react';
import { Field, Switch, TextInput, cx, formCss as fcss, useTexts } from '../settings/kit';
import { labelKeyOf, type FieldError, type FieldSpec, type FormValue, type FormValues, type Mode, type TermRow } from './fields';
import css from './catalogue.module.css';
import { keyFor } from '../../keys';
import type { CT } from '../../layout/useCt';

export function errorMessage(t: CT, e: FieldError | undefined, server?: string): string | null {
  if (server) return t('settings.error.server', { msg: server });
  return e ? t(e.key, e.params) : null;
}

export function FormFields({
  fields,
  values,
  errors,
  serverField,
  serverMessage,
  mode,
  onChange,
  show = true,
}: {
  fields: FieldSpec[];
  values: FormValues;
  errors: Record<string, FieldError>;
  serverField?: string | null;
  serverMessage?: string;
  mode: Mode;
  onChange: (name: string, v: FormValue) => void;
  /** Show errors (after the first submit attempt, or as soon as a value changes). */
  show?: boolean;
}) {
  const switches = fields.filter((f) => f.kind === 'bool' || f.kind === 'flag');
  const others = fields.filter((f) => f.kind !== 'bool' && f.kind !== 'flag');
  const err = (f: FieldSpec) => (serverField === f.name ? serverMessage : undefined);
  return (
    <div className={css.formBody}>
      <div className={fcss.grid}>
        {others.map((f) => (
          <SpecField key={f.name} f={f} value={values[f.name]} values={values} error={show ? errors[f.name] : undefined} server={err(f)} mode={mode} onChange={onChange} />
        ))}
      </div>
      {switches.length ? (
        <div className={fcss.switchGrid}>
          {switches.map((f) => (
            <SpecField key={f.name} f={f} value={values[f.name]} values={values} error={show ? errors[f.name] : undefined} server={err(f)} mode={mode} onChange={onChange} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function SpecField({
  f,
  value,
  values,
  error,
  server,
  mode,
  onChange,
}: {
  f: FieldSpec;
  value: FormValue | undefined;
  values: FormValues;
  error?: FieldError;
  server?: string;
  mode: Mode;
  onChange: (name: string, v: FormValue) => void;
}) {
  const { t } = useTexts();
  const id = useId();
  const label = t(labelKeyOf(f));
  // A rule naming another field ("not above orderMax") names it by its label.
  const other = error?.params?.other;
  const named = other !== undefined ? { ...error!, params: { ...error!.params, other: t(keyFor('catalogue.f.', other)) } } : error;
  const message = errorMessage(t, named, server);
  const locked = mode === 'edit' && !!f.createOnly;
  const hint = locked ? t('catalogue.hint.fixed') : f.hintKey ? t(f.hintKey) : undefined;
  const set = (v: FormValue) => onChange(f.name, v);
  const testId = `field:${f.name}`;
  let control;
  switch (f.kind) {
    case 'bool':
    case 'flag':
      control = <Switch id={id} checked={value === true} onChange={set} label={label} disabled={locked} testId={testId} />;
      break;
    case 'select':
      control = (
        <select id={id} className={cx(fcss.input, message && fcss.inputBad)} value={String(value ?? '')} disabled={locked} onChange={(e) => set(e.target.value)} aria-invalid={!!message || undefined} data-testid={testId}>
          <option value="">{t('catalogue.choose')}</option>
          {(f.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label ?? (o.labelKey ? t(o.labelKey) : o.value)}
            </option>
          ))}
          {value && !(f.options ?? []).some((o) => o.value === value) ? <option value={String(value)}>{String(value)}</option> : null}
        </select>
      );
      break;
    case 'texts':
      control = <TextsInput value={(value as Record<string, string>) ?? {}} languages={f.languages ?? ['en', 'zh']} onChange={set} invalid={!!message} testId={testId} />;
      break;
    case 'terms':
      control = <TermsInput value={(value as TermRow[]) ?? []} withApr={f.termsWithApr ? f.termsWithApr(values) : true} onChange={set} invalid={!!message} />;
      break;
    default:
      control = (
        <TextInput
          id={id}
          value={String(value ?? '')}
          disabled={locked}
          invalid={!!message}
          inputMode={f.kind === 'decimal' ? 'decimal' : f.kind === 'int' ? 'numeric' : undefined}
          placeholder={f.placeholder ?? (f.kind === 'date' ? 'YYYY-MM-DD' : f.kind === 'decimal' ? '0.00' : undefined)}
          className={f.kind === 'decimal' || f.kind === 'int' || f.kind === 'date' || f.kind === 'leverage' ? fcss.mono : undefined}
          onChange={(e) => set(e.target.value)}
          data-testid={testId}
        />
      );
  }
  return (
    <Field label={label} htmlFor={id} error={message} hint={hint} required={f.required && !locked} wide={f.wide}>
      {control}
    </Field>
  );
}

function TextsInput({ value, languages, onChange, invalid, testId }: { value: Record<string, string>; languages: string[]; onChange: (v: Record<string, string>) => void; invalid: boolean; testId: string }) {
  const { t } = useTexts();
  const others = Object.keys(value).filter((l) => !languages.includes(l));
  return (
    <div className={css.texts}>
      {[...languages, ...others].map((l) => (
        <label key={l} className={css.textsRow}>
          <span className={css.lang}>{t(keyFor('catalogue.lang.', l)) === `catalogue.lang.${l}` ? l : t(keyFor('catalogue.lang.', l))}</span>
          <TextInput value={value[l] ?? ''} invalid={invalid} onChange={(e) => onChange({ ...value, [l]: e.target.value })} data-testid={`${testId}.${l}`} />
        </label>
      ))}
    </div>
  );
}

function TermsInput({ value, withApr, onChange, invalid }: { value: TermRow[]; withApr: boolean; onChange: (v: TermRow[]) => void; invalid: boolean }) {
  const { t } = useTexts();
  const set = (i: number, patch: Partial<TermRow>) => onChange(value.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className={css.terms}>
      {value.map((r, i) => (
        <div key={i} className={css.termRow}>
          <TextInput value={r.days} invalid={invalid} inputMode="numeric" className={fcss.mono} aria-label={t('catalogue.f.days')} placeholder={t('catalogue.f.days')} onChange={(e) => set(i, { days: e.target.value })} />
          <span className={fcss.muted}>{t('catalogue.unit.days')}</span>
          {withApr ? (
            <>
              <TextInput value={r.apr} invalid={invalid} inputMode="decimal" className={fcss.mono} aria-label={t('catalogue.f.apr')} placeholder={t('catalogue.f.apr')} onChange={(e) => set(i, { apr: e.target.value })} />
              <span className={fcss.muted}>% APR</span>
            </>
          ) : null}
          <button type="button" className={cx(fcss.iconButton, fcss.danger)} onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={t('settings.list.remove')}>
            ×
          </button>
        </div>
      ))}
      {withApr || value.length === 0 ? (
        <button type="button" className={fcss.linkButton} onClick={() => onChange([...value, { days: '', apr: '' }])}>
          + {t('catalogue.addTerm')}
        </button>
      ) : null}
    </div>
  );
}
