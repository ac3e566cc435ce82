import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Field, Page, toast } from '@/shared/ui';
import { useSession } from '@/shared/session/session-store';
import { loadUserInfo } from '@/shared/session/user-info';
import { useSubmit } from '@/shared/hooks/use-submit';
import { setTradePassword } from '../api/set-trade-password';
import { updatePassword } from '../api/update-password';
import { FUND_PWD_RE } from '../components/rules';

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);

export default function FundPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasTradePwd = Boolean(useSession((s) => s.userInfo?.hasTradePwd));
  const [oldPwd, setOld] = useState('');
  const [pwd, setPwd] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useSubmit();

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e: Record<string, string> = {};
    if (hasTradePwd && !FUND_PWD_RE.test(oldPwd)) e.old = t('err_fundPwdFormat');
    if (!FUND_PWD_RE.test(pwd)) e.pwd = t('err_fundPwdFormat');
    if (confirm !== pwd) e.confirm = t('err_passwordMismatch');
    setErrors(e);
    if (Object.keys(e).length) return;
    const ok = await run(async () => {
      if (hasTradePwd) await updatePassword({ oldPwd, newPwd: pwd, signType: 2 });
      else await setTradePassword(pwd);
      await loadUserInfo();
    });
    if (ok) {
      toast(hasTradePwd ? t('fundPwd_changeSuccess') : t('fundPwd_setSuccess'), 'success');
      navigate(-1);
    }
  };

  const numeric = { type: 'password', inputMode: 'numeric' as const, maxLength: 6, placeholder: t('field_fundPwd_ph'), autoComplete: 'off' };
  return (
    <Page title={t('fundPwd_title')} narrow testId="screen-fund-password">
      <form className="form" onSubmit={submit} noValidate>
        <p className="form-hint">{hasTradePwd ? t('fundPwd_changeHint') : t('fundPwd_setHint')}</p>
        {hasTradePwd ? <Field label={t('field_oldFundPwd')} {...numeric} value={oldPwd} onChange={(e) => setOld(digits(e.target.value))} error={errors.old} data-testid="fund-old" /> : null}
        <Field label={hasTradePwd ? t('field_newFundPwd') : t('field_fundPwd')} {...numeric} value={pwd} onChange={(e) => setPwd(digits(e.target.value))} error={errors.pwd} data-testid="fund-new" />
        <Field label={t('field_confirmFundPwd')} {...numeric} value={confirm} onChange={(e) => setConfirm(digits(e.target.value))} error={errors.confirm} data-testid="fund-confirm" />
        <Button type="submit" block loading={pending} data-testid="fund-submit">
          {hasTradePwd ? t('fundPwd_changeSubmit') : t('fundPwd_setSubmit')}
        </Button>
      </form>
    </Page>
  );
}
