import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, SendCodeButton, Tabs, toast } from '@/shared/ui';
import type { CountryCode } from '@/shared/api/verification';
import { useSubmit } from '@/shared/hooks/use-submit';
import { sendUnlockCode, unlockAccount, type UnlockTarget } from '../api/unlock';
import { EMAIL_RE } from './login-types';
import { PhoneField, fullPhone } from './PhoneField';

type Where = 'email' | 'phone';

/**
 * Unlocking a locked account with a code: the owner types the email or phone
 * bound to it (the server never says which one is), asks for a code, and
 * enters it. Then they sign in as usual.
 */
export function UnlockPanel({ onUnlocked }: { onUnlocked: () => void }) {
  const { t } = useTranslation();
  const [where, setWhere] = useState<Where>('email');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<CountryCode | null>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useSubmit();

  /** The typed address, or null with its error shown. */
  const target = (): UnlockTarget | null => {
    if (where === 'email') {
      if (EMAIL_RE.test(email.trim())) return { type: 'email', email: email.trim() };
      setErrors({ email: t('err_emailInvalid') });
      return null;
    }
    if (phone) return { type: 'phone', phone: fullPhone(country, phone) };
    setErrors({ phone: t('err_phoneRequired') });
    return null;
  };

  const sendCode = async (): Promise<boolean> => {
    const to = target();
    if (!to) return false;
    setErrors({});
    try {
      await sendUnlockCode(to);
      toast(t('unlock_codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const to = target();
    if (!to) return;
    if (!code.trim()) {
      setErrors({ code: t('err_codeRequired') });
      return;
    }
    setErrors({});
    const ok = await run(() => unlockAccount({ ...to, code: code.trim() }));
    if (ok) {
      toast(t('unlock_success'), 'success');
      onUnlocked();
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="unlock-panel">
      <h2 className="section-title">{t('unlock_title')}</h2>
      <p className="muted small">{t('unlock_hint')}</p>
      <Tabs items={[{ key: 'email', label: t('tab_email') }, { key: 'phone', label: t('tab_phone') }]} value={where} onChange={setWhere} testId="unlock-type" />
      {where === 'email' ? (
        <Field label={t('field_email')} placeholder={t('field_email_ph')} type="email" autoComplete="email" value={email} onChange={(ev) => setEmail(ev.target.value)} error={errors.email} data-testid="unlock-email" />
      ) : (
        <PhoneField country={country} onCountry={setCountry} number={phone} onNumber={setPhone} error={errors.phone} />
      )}
      <Field label={t('field_code')} placeholder={t('field_code_ph')} inputMode="numeric" maxLength={6} value={code} onChange={(ev) => setCode(ev.target.value)} error={errors.code} right={<SendCodeButton onSend={sendCode} testId="unlock-send-code" />} data-testid="unlock-code" />
      <Button type="submit" block loading={pending} data-testid="unlock-submit">
        {t('unlock_submit')}
      </Button>
    </form>
  );
}
