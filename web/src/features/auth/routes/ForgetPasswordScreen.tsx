import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Field, Page, SendCodeButton, Tabs, toast } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { sendEmailCode, sendMobileCode, type CountryCode } from '@/shared/api/verification';
import { useSubmit } from '@/shared/hooks/use-submit';
import { forgetPassword } from '../api/forget-password';
import { AuthHeader } from '../components/AuthHeader';
import { EMAIL_RE } from '../components/login-types';
import { useCredentialRules } from '../api/get-credential-rules';
import { allMet, passwordChecks } from '../lib/credential-rules';
import { RuleList } from '../components/RuleList';
import { PhoneField, fullPhone } from '../components/PhoneField';

type ResetType = 'email' | 'phone';

export default function ForgetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<ResetType>('email');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<CountryCode | null>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useSubmit();

  const sendCode = async (): Promise<boolean> => {
    try {
      if (type === 'email') {
        if (!EMAIL_RE.test(email.trim())) {
          setErrors({ email: t('err_emailInvalid') });
          return false;
        }
        await sendEmailCode('forget', email.trim());
      } else {
        if (!phone) {
          setErrors({ phone: t('err_phoneRequired') });
          return false;
        }
        await sendMobileCode('forget', fullPhone(country, phone));
      }
      toast(t('codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const rules = useCredentialRules().data;
  const [strict, setStrict] = useState(false);
  const pwdChecks = rules ? passwordChecks(rules.password, password) : [];

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setStrict(true);
    const e: Record<string, string> = {};
    if (type === 'email' && !EMAIL_RE.test(email.trim())) e.email = t('err_emailInvalid');
    if (type === 'phone' && !phone) e.phone = t('err_phoneRequired');
    if (!code.trim()) e.code = t('err_codeRequired');
    if (!password) e.password = t('err_passwordRequired');
    else if (!allMet(pwdChecks)) e.password = t('reg_rulesBroken');
    if (confirm !== password) e.confirm = t('err_passwordMismatch');
    setErrors(e);
    if (Object.keys(e).length) return;
    const ok = await run(() =>
      forgetPassword({ type, email: type === 'email' ? email.trim() : '', phone: type === 'phone' ? fullPhone(country, phone) : '', code: code.trim(), password }),
    );
    if (ok) {
      toast(t('forget_success'), 'success');
      navigate(paths.login, { replace: true });
    }
  };

  return (
    <Page title="" narrow testId="screen-forget">
      <AuthHeader title={t('forget_title')} subtitle={t('forget_subtitle')} />
      <form className="form" onSubmit={submit} noValidate>
        <Tabs items={[{ key: 'email', label: t('tab_email') }, { key: 'phone', label: t('tab_phone') }]} value={type} onChange={setType} testId="forget-type" />
        {type === 'email' ? (
          <Field label={t('field_email')} placeholder={t('field_email_ph')} type="email" value={email} onChange={(ev) => setEmail(ev.target.value)} error={errors.email} data-testid="forget-email" />
        ) : (
          <PhoneField country={country} onCountry={setCountry} number={phone} onNumber={setPhone} error={errors.phone} />
        )}
        <Field label={t('field_code')} placeholder={t('field_code_ph')} inputMode="numeric" maxLength={6} value={code} onChange={(ev) => setCode(ev.target.value)} error={errors.code} right={<SendCodeButton onSend={sendCode} testId="forget-send-code" />} data-testid="forget-code" />
        <Field label={t('field_newPassword')} placeholder={t('field_newPassword_ph')} type="password" autoComplete="new-password" value={password} onChange={(ev) => setPassword(ev.target.value)} error={errors.password} data-testid="forget-password" />
        {rules ? <RuleList checks={pwdChecks} strict={strict} testId="forget-password-rules" /> : null}
        <Field label={t('field_confirmPassword')} placeholder={t('field_confirmPassword_ph')} type="password" autoComplete="new-password" value={confirm} onChange={(ev) => setConfirm(ev.target.value)} error={errors.confirm} data-testid="forget-confirm" />
        <Button type="submit" block loading={pending} data-testid="forget-submit">
          {t('forget_submit')}
        </Button>
      </form>
    </Page>
  );
}
