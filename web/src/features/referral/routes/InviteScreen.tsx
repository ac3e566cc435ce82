import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Icon, Page, toast } from '@/shared/ui';
import { useSession } from '@/shared/session/session-store';

export function inviteLink(origin: string, code: string): string {
  return `${origin}/register?inviteCode=${encodeURIComponent(code)}`;
}

export default function InviteScreen() {
  const { t } = useTranslation();
  const code = useSession((s) => s.userInfo?.inviteCode) ?? '';
  const link = code ? inviteLink(window.location.origin, code) : '';
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('copied'), 'success');
    } catch {
      toast(t('copyFailed'), 'error');
    }
  };
  return (
    <Page title={t('invite_title')} testId="screen-invite">
      <section className="invite-hero">
        <span className="invite-icon">
          <Icon name="gift" size={34} />
        </span>
        <h2>{t('invite_title')}</h2>
        <p className="muted">{t('invite_hint')}</p>
      </section>
      {!code ? (
        <EmptyState />
      ) : (
        <div className="stack">
          <div className="card invite-box">
            <span className="muted small">{t('invite_code')}</span>
            <strong className="invite-code mono" dir="ltr" data-testid="invite-code">{code}</strong>
            <Button variant="secondary" small onClick={() => copy(code)} data-testid="invite-copy-code">
              <Icon name="copy" size={14} /> {t('invite_copyCode')}
            </Button>
          </div>
          <div className="card invite-box">
            <span className="muted small">{t('invite_link')}</span>
            <span className="invite-link mono" dir="ltr" data-testid="invite-link">{link}</span>
            <Button small onClick={() => copy(link)} data-testid="invite-copy-link">
              <Icon name="copy" size={14} /> {t('invite_copyLink')}
            </Button>
          </div>
        </div>
      )}
    </Page>
  );
}
