import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { useSubmit } from '@/shared/hooks/use-submit';
import { Button, Field, toast } from '@/shared/ui';
import { applyTrader, updateTrader } from '@/features/copy-trading/api';
import { useRefreshCopy } from '@/features/copy-trading/hooks';
import { BIO_MAX, DELAY_MAX, NAME_MAX, profileErrorText, validateProfile, type ProfileField, type ProfileForm as Form } from '@/features/copy-trading/lib/profile';
import styles from '../copy.module.css';

/**
 * The lead trader's name and bio: an application (apply), or an approved
 * trader's settings with the delay before followers see open positions (update).
 */
export function ProfileForm({ mode, initial, blocked = false }: { mode: 'apply' | 'update'; initial: Form; blocked?: boolean }) {
  const { t } = useTranslation();
  const bioId = useId();
  const refresh = useRefreshCopy();
  const { pending, run } = useSubmit();
  const [form, setForm] = useState<Form>(initial);
  const [dirty, setDirty] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const check = validateProfile(form);
  const errorOf = (field: ProfileField): string | null => {
    if (check.ok || !(touched || dirty[field])) return null;
    const e = check.errors[field];
    return e ? profileErrorText(t, e) : null;
  };
  const set = (field: ProfileField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setDirty((d) => ({ ...d, [field]: true }));
    setServerError(null);
  };
  const testId = mode === 'apply' ? 'apply' : 'lead-settings';

  const submit = async () => {
    setTouched(true);
    if (!check.ok || blocked) return;
    await run(async () => {
      try {
        if (mode === 'apply') await applyTrader({ traderName: check.traderName, bio: check.bio });
        else await updateTrader({ traderName: check.traderName, bio: check.bio, orderDelaySeconds: check.orderDelaySeconds ?? 0 });
      } catch (e) {
        if (e instanceof ApiError) setServerError(e.msg || t('System error'));
        else setServerError(t('Network anomaly'));
        throw e;
      }
      await refresh();
      toast(mode === 'apply' ? t('floworder_applied') : t('floworder_saved'), 'success');
    });
  };

  const bioError = errorOf('bio');
  return (
    <form className={styles['ct-form']} onSubmit={(e) => e.preventDefault()} noValidate data-testid={`${testId}-form`}>
      <Field
        label={t('floworder_traderName')}
        autoComplete="off"
        value={form.traderName}
        onChange={(e) => set('traderName', e.target.value)}
        maxLength={NAME_MAX * 2}
        error={errorOf('traderName')}
        hint={t('floworder_traderNameHint', { max: NAME_MAX })}
        data-testid={`${testId}-name`}
      />
      <div className={`field ${bioError ? 'field-error' : ''}`}>
        <label htmlFor={bioId} className="field-label">
          {t('floworder_bio')}
        </label>
        <textarea
          id={bioId}
          className={styles['ct-textarea']}
          value={form.bio}
          onChange={(e) => set('bio', e.target.value)}
          placeholder={t('floworder_bioHint')}
          maxLength={BIO_MAX * 2}
          aria-invalid={Boolean(bioError)}
          data-testid={`${testId}-bio`}
        />
        {bioError ? (
          <p className="field-message" role="alert">
            {bioError}
          </p>
        ) : (
          <p className="field-hint">{t('floworder_bioCount', { n: [...form.bio.trim()].length, max: BIO_MAX })}</p>
        )}
      </div>
      {mode === 'update' ? (
        <Field
          label={t('floworder_delay')}
          inputMode="numeric"
          autoComplete="off"
          value={form.orderDelaySeconds ?? ''}
          onChange={(e) => set('orderDelaySeconds', e.target.value.replace(/\D/g, ''))}
          error={errorOf('orderDelaySeconds')}
          hint={t('floworder_delayHint', { max: DELAY_MAX })}
          right={<span className={styles['ct-unit']}>{t('floworder_seconds')}</span>}
          data-testid={`${testId}-delay`}
        />
      ) : null}
      {serverError ? (
        <p className={styles['ct-error']} role="alert" data-testid={`${testId}-error`}>
          {serverError}
        </p>
      ) : null}
      <Button block onClick={() => void submit()} disabled={pending || blocked} loading={pending} data-testid={`${testId}-submit`}>
        {mode === 'apply' ? t('floworder_applySubmit') : t('save')}
      </Button>
    </form>
  );
}
