import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CountryPicker, Field, Page, SendCodeButton, toast } from '@/shared/ui';
import { useSession } from '@/shared/session/session-store';
import { loadUserInfo } from '@/shared/session/user-info';
import { sendMobileCode, type CountryCode } from '@/shared/api/verification';
import { useSubmit } from '@/shared/hooks/use-submit';
import { bindPhone } from '../api/bind-phone';
import { unbindPhone } from '../api/unbind-phone';
import { BoundBanner } from '../components/BoundBanner';

function UnbindForm({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { pending, run } = useSubmit();
  const sendCode = async () => {
    try {
      await sendMobileCode('unbind', phone);
      toast(t('codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!code.trim()) return setError(t('err_codeRequired'));
    setError(null);
    const ok = await run(async () => {
      await unbindPhone(code.trim());
      await loadUserInfo();
    });
    if (ok) toast(t('phone_unbindSuccess'), 'success');
  };
  return (
    <form className="form" onSubmit={submit} noValidate style={{ marginTop: 18 }}>
      <h3 className="section-title" style={{ margin: 0 }}>{t('phone_unbind')}</h3>
      <p className="form-hint">{t('phone_unbindHint')}</p>
      <Field label={t('field_code')} placeholder={t('field_code_ph')} inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} error={error} right={<SendCodeButton onSend={sendCode} testId="unbind-send-code" />} data-testid="unbind-code" />
      <Button type="submit" variant="danger" block loading={pending} data-testid="unbind-submit">
        {t('phone_unbindSubmit')}
      </Button>
    </form>
  );
}

export default function PhoneBindingScreen() {
  const { t } = useTranslation();
  const bound = useSession((s) => s.userInfo?.phone);
  const [country, setCountry] = useState<CountryCode | null>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useSubmit();
  const full = `${country?.dialCode ?? ''}${phone}`;

  const sendCode = async () => {
    const e: Record<string, string> = {};
    if (!country) e.country = t('err_countryCodeRequired');
    if (!phone) e.phone = t('err_phoneRequired');
    setErrors(e);
    if (Object.keys(e).length) return false;
    try {
      await sendMobileCode('bind', full);
      toast(t('codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e: Record<string, string> = {};
    if (!country) e.country = t('err_countryCodeRequired');
    if (!phone) e.phone = t('err_phoneRequired');
    if (!code.trim()) e.code = t('err_codeRequired');
    setErrors(e);
    if (Object.keys(e).length) return;
    const ok = await run(async () => {
      await bindPhone({ phone: full, code: code.trim() });
      await loadUserInfo();
    });
    if (ok) toast(t('phone_bindSuccess'), 'success');
  };

  return (
    <Page title={t('phone_title')} narrow testId="screen-phone">
      {bound ? (
        <>
          <BoundBanner icon="phone" label={t('phone_bound')} value={bound} testId="phone-bound" />
          <UnbindForm phone={bound} />
        </>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="form-hint">{t('phone_bindHint')}</p>
          <CountryPicker label={t('field_countryCode')} value={country} onChange={setCountry} showDialCode testId="phone-country" />
          {errors.country ? <p className="field-message">{errors.country}</p> : null}
          <Field label={t('field_phone')} placeholder={t('field_phone_ph')} inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} error={errors.phone} data-testid="phone-input" />
          <Field label={t('field_code')} placeholder={t('field_code_ph')} inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} right={<SendCodeButton onSend={sendCode} testId="phone-send-code" />} data-testid="phone-code" />
          <Button type="submit" block loading={pending} data-testid="phone-submit">
            {t('phone_bindSubmit')}
          </Button>
        </form>
      )}
    </Page>
  );
}
