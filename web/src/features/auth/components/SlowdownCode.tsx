import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, SendCodeButton, Tabs, toast } from '@/shared/ui';
import type { CountryCode } from '@/shared/api/verification';
import { sendUnlockCode, type UnlockTarget } from '../api/unlock';
import { EMAIL_RE } from './login-types';
import { PhoneField, fullPhone } from './PhoneField';

export type CodeWhere = 'email' | 'phone';

/**
 * The code a slowed account signs in with: the owner types the email or phone
 * bound to it (the server never says which one is, so a sign-in by name
 * starts empty), asks for a code there, and enters it; the sign-in form sends
 * it with the password.
 */
export function SlowdownCode({
  where,
  onWhere,
  initialEmail,
  initialPhone,
  code,
  onCode,
  error,
}: {
  where: CodeWhere;
  onWhere: (w: CodeWhere) => void;
  initialEmail: string;
  initialPhone: { country: CountryCode | null; number: string };
  code: string;
  onCode: (c: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [country, setCountry] = useState<CountryCode | null>(initialPhone.country);
  const [phone, setPhone] = useState(initialPhone.number);
  const [errors, setErrors] = useState<Record<string, string>>({});

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
      toast(t('login_slowCodeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  return (
    <div className="form" data-testid="login-code-panel">
      <h2 className="section-title">{t('login_slowTitle')}</h2>
      <p className="muted small">{t('login_slowCodeHint')}</p>
      <Tabs items={[{ key: 'email', label: t('tab_email') }, { key: 'phone', label: t('tab_phone') }]} value={where} onChange={onWhere} testId="login-code-type" />
      {where === 'email' ? (
        <Field label={t('field_email')} placeholder={t('field_email_ph')} type="email" autoComplete="email" value={email} onChange={(ev) => setEmail(ev.target.value)} error={errors.email} data-testid="login-code-email" />
      ) : (
        <PhoneField country={country} onCountry={setCountry} number={phone} onNumber={setPhone} error={errors.phone} />
      )}
      <Field label={t('field_code')} placeholder={t('field_code_ph')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(ev) => onCode(ev.target.value)} error={error} right={<SendCodeButton onSend={sendCode} testId="login-code-send" />} data-testid="login-code" />
    </div>
  );
}
