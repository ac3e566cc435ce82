import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, EmptyState, Field, Page, Tabs, toast } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { useSettings } from '@/shared/settings/settings-store';
import { completeSignIn } from '@/shared/session/auto-login';
import { ApiError } from '@/shared/api/client';
import type { CountryCode } from '@/shared/api/verification';
import { useSubmit } from '@/shared/hooks/use-submit';
import { login } from '../api/login';
import { ACCOUNT_LOCKED_UNLOCK } from '../api/unlock';
import { AuthHeader } from '../components/AuthHeader';
import { UnlockPanel } from '../components/UnlockPanel';
import { EMAIL_RE, LOGIN_TYPE_LABEL, openLoginTypes, type LoginType } from '../components/login-types';
import { PhoneField, fullPhone } from '../components/PhoneField';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setting = useSettings((s) => s.settingConfig.LOGIN_REGIS_SETTING);
  const types = useMemo(() => openLoginTypes(setting), [setting]);
  const [type, setType] = useState<LoginType>(types[0] ?? 'account');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<CountryCode | null>(null);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Failures from many places locked the account itself: offer the code.
  const [locked, setLocked] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  const { pending, run } = useSubmit();
  const current = types.includes(type) ? type : types[0];

  const validate = (): boolean => {
    const e: Record<string, string> = {};
    if (current === 'account' && !username.trim()) e.username = t('err_usernameRequired');
    if (current === 'email' && !EMAIL_RE.test(email.trim())) e.email = t('err_emailInvalid');
    if (current === 'phone' && !phone) e.phone = t('err_phoneRequired');
    if (!password) e.password = t('err_passwordRequired');
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!validate()) return;
    const ok = await run(async () => {
      try {
        const token = await login({
          type: current,
          username: current === 'account' ? username.trim() : undefined,
          email: current === 'email' ? email.trim() : undefined,
          phone: current === 'phone' ? fullPhone(country, phone) : undefined,
          password,
          remember,
        });
        await completeSignIn(token);
      } catch (error) {
        if (error instanceof ApiError && error.code === ACCOUNT_LOCKED_UNLOCK) setLocked(true);
        throw error;
      }
    });
    if (ok) {
      toast(t('login_success'), 'success');
      navigate(paths.home, { replace: true });
    }
  };

  return (
    <Page title="" narrow testId="screen-login">
      <AuthHeader title={t('login_title')} subtitle={t('login_subtitle')} />
      {types.length === 0 ? (
        <EmptyState text={t('login_unavailable')} icon="lock" />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {types.length > 1 ? <Tabs items={types.map((k) => ({ key: k, label: t(LOGIN_TYPE_LABEL[k]) }))} value={current} onChange={setType} testId="login-type" /> : null}
          {current === 'account' ? (
            <Field label={t('field_username')} placeholder={t('field_username_ph')} autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} error={errors.username} data-testid="login-username" />
          ) : null}
          {current === 'email' ? (
            <Field label={t('field_email')} placeholder={t('field_email_ph')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} data-testid="login-email" />
          ) : null}
          {current === 'phone' ? <PhoneField country={country} onCountry={setCountry} number={phone} onNumber={setPhone} error={errors.phone} /> : null}
          <Field label={t('field_password')} placeholder={t('field_password_ph')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} data-testid="login-password" />
          <div className="row-between">
            <Checkbox checked={remember} onChange={setRemember} testId="login-remember">
              {t('login_remember')}
            </Checkbox>
            <Link to={paths.forget} className="link small" data-testid="login-forgot">
              {t('login_forgot')}
            </Link>
          </div>
          <Button type="submit" block loading={pending} data-testid="login-submit">
            {t('login_submit')}
          </Button>
          {locked && !unlocking ? (
            <Button variant="secondary" block onClick={() => setUnlocking(true)} data-testid="login-unlock-offer">
              {t('unlock_offer')}
            </Button>
          ) : null}
          <p className="form-foot">
            {t('login_noAccount')} <Link to={paths.register}>{t('login_goRegister')}</Link>
          </p>
        </form>
      )}
      {unlocking ? (
        <UnlockPanel
          onUnlocked={() => {
            setUnlocking(false);
            setLocked(false);
          }}
        />
      ) : null}
    </Page>
  );
}
