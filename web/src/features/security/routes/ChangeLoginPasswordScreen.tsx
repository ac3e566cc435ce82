import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Field, Page, toast } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { signOut, useSession } from '@/shared/session/session-store';
import { useSubmit } from '@/shared/hooks/use-submit';
import { updateLoginPassword } from '../api/update-login-password';
import { RuleList, allMet, passwordChecks, useCredentialRules } from '@/features/auth';

export default function ChangeLoginPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = useSession((s) => s.userInfo?.userId);
  const [oldPwd, setOld] = useState('');
  const [newPwd, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useSubmit();
  const rules = useCredentialRules().data;
  const [strict, setStrict] = useState(false);
  const pwdChecks = rules ? passwordChecks(rules.password, newPwd) : [];

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setStrict(true);
    const e: Record<string, string> = {};
    if (!oldPwd) e.old = t('err_passwordRequired');
    if (!newPwd) e.new = t('err_passwordRequired');
    else if (!allMet(pwdChecks)) e.new = t('reg_rulesBroken');
    if (confirm !== newPwd) e.confirm = t('err_passwordMismatch');
    setErrors(e);
    if (Object.keys(e).length) return;
    const ok = await run(() => updateLoginPassword({ oldPwd, newPwd, userId: userId ?? '' }));
    if (ok) {
      // every session was revoked: sign in again
      toast(t('changePwd_success'), 'success');
      signOut();
      navigate(paths.login, { replace: true });
    }
  };

  return (
    <Page title={t('changePwd_title')} narrow testId="screen-change-password">
      <form className="form" onSubmit={submit} noValidate>
        <p className="form-hint">{t('changePwd_hint')}</p>
        <Field label={t('field_oldPassword')} placeholder={t('field_oldPassword_ph')} type="password" autoComplete="current-password" value={oldPwd} onChange={(e) => setOld(e.target.value)} error={errors.old} data-testid="change-old" />
        <Field label={t('field_newPassword')} placeholder={t('field_newPassword_ph')} type="password" autoComplete="new-password" value={newPwd} onChange={(e) => setNew(e.target.value)} error={errors.new} data-testid="change-new" />
        {rules ? <RuleList checks={pwdChecks} strict={strict} testId="change-new-rules" /> : null}
        <Field label={t('field_confirmPassword')} placeholder={t('field_confirmPassword_ph')} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} data-testid="change-confirm" />
        <Button type="submit" block loading={pending} data-testid="change-submit">
          {t('changePwd_submit')}
        </Button>
      </form>
    </Page>
  );
}
