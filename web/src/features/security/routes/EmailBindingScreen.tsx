import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BoundBanner } from '../components/BoundBanner';
import { Button, Field, Page, SendCodeButton, toast } from '@/shared/ui';
import { useSession } from '@/shared/session/session-store';
import { loadUserInfo } from '@/shared/session/user-info';
import { sendEmailCode } from '@/shared/api/verification';
import { useSubmit } from '@/shared/hooks/use-submit';
import { bindEmail } from '../api/bind-email';
import { EMAIL_RE } from '../components/rules';

export default function EmailBindingScreen() {
  const { t } = useTranslation();
  const bound = useSession((s) => s.userInfo?.email);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useSubmit();

  const sendCode = async () => {
    if (!EMAIL_RE.test(email.trim())) {
      setErrors({ email: t('err_emailInvalid') });
      return false;
    }
    setErrors({});
    try {
      await sendEmailCode('bind', email.trim());
      toast(t('codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e: Record<string, string> = {};
    if (!EMAIL_RE.test(email.trim())) e.email = t('err_emailInvalid');
    if (!code.trim()) e.code = t('err_codeRequired');
    setErrors(e);
    if (Object.keys(e).length) return;
    const ok = await run(async () => {
      await bindEmail({ email: email.trim(), emailCode: code.trim() });
      await loadUserInfo();
    });
    if (ok) {
      toast(t('email_bindSuccess'), 'success');
      setEmail('');
      setCode('');
    }
  };

  return (
    <Page title={t('email_title')} narrow testId="screen-email">
      {bound ? (
        <BoundBanner icon="mail" label={t('email_bound')} value={bound} hint={t('email_boundHint')} testId="email-bound" />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="form-hint">{t('email_bindHint')}</p>
          <Field label={t('field_email')} placeholder={t('field_email_ph')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} data-testid="email-input" />
          <Field label={t('field_code')} placeholder={t('field_code_ph')} inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} right={<SendCodeButton onSend={sendCode} testId="email-send-code" />} data-testid="email-code" />
          <Button type="submit" block loading={pending} data-testid="email-submit">
            {t('email_bindSubmit')}
          </Button>
        </form>
      )}
    </Page>
  );
}
