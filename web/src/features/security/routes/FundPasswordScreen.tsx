import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Field, Page, SendCodeButton, toast } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { sendEmailCode, sendMobileCode } from '@/shared/api/verification';
import { useSession } from '@/shared/session/session-store';
import { loadUserInfo } from '@/shared/session/user-info';
import { useSubmit } from '@/shared/hooks/use-submit';
import { RuleList, allMet, fundPasswordChecks, useCredentialRules } from '@/features/auth';
import { setTradePassword } from '../api/set-trade-password';
import { updatePassword } from '../api/update-password';

/** Before the published rules arrive, the field still takes what the server could. */
const FALLBACK_MAX = 12;

/**
 * Sets or changes the fund password: digits that meet the server's rules
 * (shown before typing), confirmed, with a `security` code sent to the bound
 * email (else phone), where the server checks it. With neither bound the
 * user binds an email first.
 */
export default function FundPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const hasTradePwd = Boolean(user?.hasTradePwd);
  const target = user?.email ? { kind: 'email' as const, to: user.email } : user?.phone ? { kind: 'phone' as const, to: user.phone } : null;
  const rules = useCredentialRules().data?.fundPassword;
  const max = rules?.maxLength ?? FALLBACK_MAX;
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, max);
  const [oldPwd, setOld] = useState('');
  const [pwd, setPwd] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [strict, setStrict] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useSubmit();
  const checks = rules ? fundPasswordChecks(rules, pwd) : [];

  const sendCode = async (): Promise<boolean> => {
    if (!target) return false;
    try {
      if (target.kind === 'email') await sendEmailCode('security', target.to);
      else await sendMobileCode('security', target.to);
      toast(t('codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setStrict(true);
    const e: Record<string, string> = {};
    if (hasTradePwd && !oldPwd) e.old = t('err_passwordRequired');
    if (!pwd) e.pwd = t('err_passwordRequired');
    else if (!allMet(checks)) e.pwd = t('reg_rulesBroken');
    if (confirm !== pwd) e.confirm = t('err_passwordMismatch');
    if (!code.trim()) e.code = t('err_codeRequired');
    setErrors(e);
    if (Object.keys(e).length) return;
    const ok = await run(async () => {
      if (hasTradePwd) await updatePassword({ oldPwd, newPwd: pwd, signType: 2, code: code.trim() });
      else await setTradePassword({ pwd, code: code.trim() });
      await loadUserInfo();
    });
    if (ok) {
      toast(hasTradePwd ? t('fundPwd_changeSuccess') : t('fundPwd_setSuccess'), 'success');
      navigate(-1);
    }
  };

  const numeric = { type: 'password', inputMode: 'numeric' as const, maxLength: max, placeholder: t('field_fundPwd_digits_ph'), autoComplete: 'off' };
  return (
    <Page title={t('fundPwd_title')} narrow testId="screen-fund-password">
      {user && !target ? (
        <div className="stack" data-testid="fund-bind-first">
          <p className="form-hint">{t('fundPwd_bindFirst')}</p>
          <Link to={paths.emailAuthentication} className="btn btn-primary btn-block" data-testid="fund-bind-email">
            {t('fundPwd_bindEmail')}
          </Link>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="form-hint">{hasTradePwd ? t('fundPwd_changeIntro') : t('fundPwd_setIntro')}</p>
          {hasTradePwd ? <Field label={t('field_oldFundPwd')} {...numeric} value={oldPwd} onChange={(e) => setOld(digits(e.target.value))} error={errors.old} data-testid="fund-old" /> : null}
          <Field label={hasTradePwd ? t('field_newFundPwd') : t('field_fundPwd')} {...numeric} value={pwd} onChange={(e) => setPwd(digits(e.target.value))} error={errors.pwd} data-testid="fund-new" />
          {rules ? <RuleList checks={checks} strict={strict} testId="fund-rules" /> : null}
          <Field label={t('field_confirmFundPwd')} {...numeric} value={confirm} onChange={(e) => setConfirm(digits(e.target.value))} error={errors.confirm} data-testid="fund-confirm" />
          <Field
            label={t('field_code')}
            placeholder={t('field_code_ph')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
            error={errors.code}
            hint={target ? t('fundPwd_codeTo', { target: target.to }) : undefined}
            right={<SendCodeButton onSend={sendCode} testId="fund-send-code" />}
            data-testid="fund-code"
          />
          <Button type="submit" block loading={pending} data-testid="fund-submit">
            {hasTradePwd ? t('fundPwd_changeSubmit') : t('fundPwd_setSubmit')}
          </Button>
        </form>
      )}
    </Page>
  );
}
