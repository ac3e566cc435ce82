import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, EmptyState, Field, Page, Tabs, toast } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { useSettings } from '@/shared/settings/settings-store';
import { completeSignIn } from '@/shared/session/auto-login';
import { useSession } from '@/shared/session/session-store';
import { ApiError } from '@/shared/api/client';
import type { CountryCode } from '@/shared/api/verification';
import { useSubmit } from '@/shared/hooks/use-submit';
import { solveChallenge } from '@/shared/security/pow';
import { login, loginChallenge, type LoginAccount, type LoginInput } from '../api/login';
import { LOGIN_CHALLENGE_INVALID, LOGIN_CHALLENGE_NEEDED, LOGIN_CODE_NEEDED } from '../api/unlock';
import { AuthHeader } from '../components/AuthHeader';
import { SlowdownCode, type CodeWhere } from '../components/SlowdownCode';
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
  // Failures from many places slowed the account (decision 0011-lockout):
  // with an email or phone bound it signs in with a code too...
  const [needsCode, setNeedsCode] = useState(false);
  const [codeWhere, setCodeWhere] = useState<CodeWhere>('email');
  const [code, setCode] = useState('');
  // ...else this device solves a challenge: the share of the work done.
  const [solving, setSolving] = useState<number | null>(null);
  const { pending, run } = useSubmit();
  const current = types.includes(type) ? type : types[0];

  const validate = (): boolean => {
    const e: Record<string, string> = {};
    if (current === 'account' && !username.trim()) e.username = t('err_usernameRequired');
    if (current === 'email' && !EMAIL_RE.test(email.trim())) e.email = t('err_emailInvalid');
    if (current === 'phone' && !phone) e.phone = t('err_phoneRequired');
    if (!password) e.password = t('err_passwordRequired');
    if (needsCode && !code.trim()) e.code = t('err_codeRequired');
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!validate()) return;
    const account: LoginAccount = {
      type: current,
      username: current === 'account' ? username.trim() : undefined,
      email: current === 'email' ? email.trim() : undefined,
      phone: current === 'phone' ? fullPhone(country, phone) : undefined,
    };
    const input: LoginInput = { ...account, password, remember };
    if (needsCode) Object.assign(input, { code: code.trim(), codeType: codeWhere });
    const ok = await run(async () => {
      try {
        await completeSignIn(await signIn(account, input));
      } catch (error) {
        if (error instanceof ApiError && error.code === LOGIN_CODE_NEEDED && !needsCode) {
          setCodeWhere(current === 'phone' ? 'phone' : 'email');
          setNeedsCode(true);
        }
        throw error;
      } finally {
        setSolving(null);
      }
    });
    if (ok) {
      toast(t('login_success'), 'success');
      navigate(paths.home, { replace: true });
    }
  };

  /**
   * Signs in; when the account asks for a challenge, solves one on this
   * device (a second or so, shown) and tries again, once more with a fresh
   * one should it have expired meanwhile.
   */
  const signIn = async (account: LoginAccount, input: LoginInput): Promise<string> => {
    try {
      return await login(input, [LOGIN_CHALLENGE_NEEDED]);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== LOGIN_CHALLENGE_NEEDED) throw error;
    }
    for (let tries = 1; ; tries += 1) {
      setSolving(0);
      const challenge = await loginChallenge(account);
      // The progress under the form says what is happening; the loading
      // overlay would cover it while this device works.
      useSession.getState().setLoading(false);
      const nonce = await solveChallenge(challenge, setSolving);
      useSession.getState().setLoading(true);
      try {
        return await login({ ...input, challenge: challenge.challenge, nonce }, tries < 2 ? [LOGIN_CHALLENGE_INVALID] : []);
      } catch (error) {
        if (tries >= 2 || !(error instanceof ApiError) || error.code !== LOGIN_CHALLENGE_INVALID) throw error;
      }
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
          {needsCode ? (
            <SlowdownCode
              where={codeWhere}
              onWhere={setCodeWhere}
              initialEmail={current === 'email' ? email.trim() : ''}
              initialPhone={current === 'phone' ? { country, number: phone } : { country: null, number: '' }}
              code={code}
              onCode={setCode}
              error={errors.code}
            />
          ) : null}
          {solving !== null ? (
            <div className="muted small" role="status" data-testid="login-challenge-progress">
              <p>{t('login_slowChecking', { percent: Math.floor(solving * 100) })}</p>
              <progress max={1} value={solving} aria-label={t('login_slowChecking', { percent: Math.floor(solving * 100) })} />
            </div>
          ) : null}
          <Button type="submit" block loading={pending} data-testid="login-submit">
            {t('login_submit')}
          </Button>
          <p className="form-foot">
            {t('login_noAccount')} <Link to={paths.register}>{t('login_goRegister')}</Link>
          </p>
        </form>
      )}
    </Page>
  );
}
