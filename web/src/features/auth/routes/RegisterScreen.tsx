import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Button, Checkbox, EmptyState, Field, Page, SendCodeButton, Tabs, toast } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { useSettings } from '@/shared/settings/settings-store';
import { isOn } from '@/shared/settings/types';
import { completeSignIn } from '@/shared/session/auto-login';
import { sendEmailCode, sendMobileCode, type CountryCode } from '@/shared/api/verification';
import { useSubmit } from '@/shared/hooks/use-submit';
import { register } from '../api/register';
import { AuthHeader } from '../components/AuthHeader';
import { EMAIL_RE, LOGIN_TYPE_LABEL, needsCode, openLoginTypes, type LoginType } from '../components/login-types';
import { useCredentialRules } from '../api/get-credential-rules';
import { allMet, passwordChecks, usernameChecks } from '../lib/credential-rules';
import { RuleList } from '../components/RuleList';
import { PhoneField, fullPhone } from '../components/PhoneField';
import { LegalSheet, type LegalKey } from '../components/LegalSheet';

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const setting = useSettings((s) => s.settingConfig.LOGIN_REGIS_SETTING);
  const types = useMemo(() => openLoginTypes(setting), [setting]);
  const inviteRequired = isOn(setting?.inviteCodeRequired);
  const [type, setType] = useState<LoginType>(types[0] ?? 'account');
  const current = types.includes(type) ? type : types[0];
  const [form, setForm] = useState({
    username: '',
    email: '',
    phone: '',
    code: '',
    password: '',
    confirm: '',
    inviteCode: search.get('inviteCode') ?? '',
  });
  // A code that came with the invite link (/register?inviteCode=...).
  const linkCode = search.get('inviteCode') ?? '';
  const [consent, setConsent] = useState(false);
  const [legal, setLegal] = useState<LegalKey | null>(null);
  const [country, setCountry] = useState<CountryCode | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useSubmit();
  // The server's own rules, shown beside the fields before typing; a
  // submit marks every broken one at once.
  const rules = useCredentialRules().data;
  const [strict, setStrict] = useState(false);
  const nameChecks = rules ? usernameChecks(rules.username, form.username) : [];
  const pwdChecks = rules ? passwordChecks(rules.password, form.password) : [];
  const withCode = current ? needsCode(current, setting) : false;
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const sendCode = async (): Promise<boolean> => {
    try {
      if (current === 'email') {
        if (!EMAIL_RE.test(form.email.trim())) {
          setErrors({ email: t('err_emailInvalid') });
          return false;
        }
        await sendEmailCode('register', form.email.trim());
      } else {
        if (!form.phone) {
          setErrors({ phone: t('err_phoneRequired') });
          return false;
        }
        await sendMobileCode('register', fullPhone(country, form.phone));
      }
      toast(t('codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const validate = (): boolean => {
    const e: Record<string, string> = {};
    if (current === 'account' && !form.username.trim()) e.username = t('err_usernameRequired');
    else if (current === 'account' && !allMet(nameChecks)) e.username = t('reg_rulesBroken');
    if (current === 'email' && !EMAIL_RE.test(form.email.trim())) e.email = t('err_emailInvalid');
    if (current === 'phone' && !form.phone) e.phone = t('err_phoneRequired');
    if (withCode && !form.code.trim()) e.code = t('err_codeRequired');
    if (!form.password) e.password = t('err_passwordRequired');
    else if (!allMet(pwdChecks)) e.password = t('reg_rulesBroken');
    if (form.confirm !== form.password) e.confirm = t('err_passwordMismatch');
    if (inviteRequired && !form.inviteCode.trim()) e.inviteCode = t('err_inviteRequired');
    if (!consent) e.consent = t('reg_consentRequired');
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setStrict(true);
    if (!current || !validate()) return;
    const ok = await run(async () => {
      const token = await register({
        type: current,
        username: current === 'account' ? form.username.trim() : '',
        email: current === 'email' ? form.email.trim() : '',
        phone: current === 'phone' ? fullPhone(country, form.phone) : '',
        code: form.code.trim(),
        password: form.password,
        inviteCode: form.inviteCode.trim(),
      });
      await completeSignIn(token);
    });
    if (ok) {
      toast(t('register_success'), 'success');
      // The first-run checklist heads the personal centre until it is done.
      navigate(paths.wallet, { replace: true, state: { firstRun: true } });
    }
  };

  const credits = setting?.credits;
  return (
    <Page title="" narrow testId="screen-register">
      <AuthHeader title={t('register_title')} subtitle={t('register_subtitle')} />
      {!current ? (
        <EmptyState text={t('register_unavailable')} icon="lock" />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {types.length > 1 ? <Tabs items={types.map((k) => ({ key: k, label: t(LOGIN_TYPE_LABEL[k]) }))} value={current} onChange={setType} testId="register-type" /> : null}
          {current === 'account' ? (
            <>
              <Field label={t('field_username')} placeholder={t('field_username_ph')} autoComplete="username" value={form.username} onChange={(e) => set('username')(e.target.value)} error={errors.username} data-testid="register-username" />
              {rules ? <RuleList checks={nameChecks} strict={strict} testId="register-username-rules" /> : null}
            </>
          ) : null}
          {current === 'email' ? (
            <Field label={t('field_email')} placeholder={t('field_email_ph')} type="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.target.value)} error={errors.email} data-testid="register-email" />
          ) : null}
          {current === 'phone' ? <PhoneField country={country} onCountry={setCountry} number={form.phone} onNumber={set('phone')} error={errors.phone} /> : null}
          {withCode ? (
            <Field label={t('field_code')} placeholder={t('field_code_ph')} inputMode="numeric" maxLength={6} value={form.code} onChange={(e) => set('code')(e.target.value)} error={errors.code} right={<SendCodeButton onSend={sendCode} testId="register-send-code" />} data-testid="register-code" />
          ) : null}
          <Field label={t('field_password')} placeholder={t('field_password_ph')} type="password" autoComplete="new-password" value={form.password} onChange={(e) => set('password')(e.target.value)} error={errors.password} data-testid="register-password" />
          {rules ? <RuleList checks={pwdChecks} strict={strict} testId="register-password-rules" /> : null}
          <Field label={t('field_confirmPassword')} placeholder={t('field_confirmPassword_ph')} type="password" autoComplete="new-password" value={form.confirm} onChange={(e) => set('confirm')(e.target.value)} error={errors.confirm} data-testid="register-confirm" />
          <Field
            label={inviteRequired ? t('field_inviteCode') : t('field_inviteCode_optional')}
            placeholder={t('field_inviteCode_ph')}
            value={form.inviteCode}
            onChange={(e) => set('inviteCode')(e.target.value)}
            error={errors.inviteCode}
            hint={<span data-testid="register-invite-hint">{linkCode && form.inviteCode === linkCode ? t('reg_inviteFromLink') : inviteRequired ? t('reg_inviteHowTo') : t('reg_inviteHowToOptional')}</span>}
            data-testid="register-invite"
          />
          {credits && String(credits) !== '0' ? <p className="field-hint">{t('register_creditsHint', { credits: String(credits) })}</p> : null}
          <div className="consent-row">
            <Checkbox
              checked={consent}
              onChange={(on) => {
                setConsent(on);
                if (on) setErrors(({ consent: _dropped, ...rest }) => rest);
              }}
              testId="register-consent"
              className="consent"
            >
              <Trans
                i18nKey="reg_consent"
                components={{
                  terms: <button type="button" className="link-inline" onClick={() => setLegal('TERMS')} data-testid="register-terms" />,
                  privacy: <button type="button" className="link-inline" onClick={() => setLegal('PRIVACY')} data-testid="register-privacy" />,
                }}
              />
            </Checkbox>
            {errors.consent ? (
              <p className="field-message" role="alert" data-testid="register-consent-error">
                {errors.consent}
              </p>
            ) : null}
          </div>
          <Button type="submit" block loading={pending} data-testid="register-submit">
            {t('register_submit')}
          </Button>
          <p className="form-foot">
            {t('register_haveAccount')} <Link to={paths.login}>{t('register_goLogin')}</Link>
          </p>
        </form>
      )}
      <LegalSheet doc={legal} onClose={() => setLegal(null)} />
    </Page>
  );
}
