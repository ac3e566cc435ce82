import { useTranslation } from 'react-i18next';
import type { Kyc } from '@/shared/api/types';
import { Button, Icon, type IconName } from '@/shared/ui';
import { formatDateTime } from '@/shared/format/date';

const LOOK: Record<'pending' | 'approved' | 'rejected', { icon: IconName; tone: string; hint: 'kyc_pendingHint' | 'kyc_approvedHint' | 'kyc_rejectedHint' }> = {
  pending: { icon: 'option', tone: 'warning', hint: 'kyc_pendingHint' },
  approved: { icon: 'shield', tone: 'success', hint: 'kyc_approvedHint' },
  rejected: { icon: 'close', tone: 'danger', hint: 'kyc_rejectedHint' },
};

export function KycStatusPanel({ kyc, onResubmit }: { kyc: Kyc & { status: 'pending' | 'approved' | 'rejected' }; onResubmit: () => void }) {
  const { t } = useTranslation();
  const look = LOOK[kyc.status];
  return (
    <div className={`kyc-status card kyc-${look.tone}`} data-testid="kyc-status" data-status={kyc.status}>
      <span className="kyc-status-icon">
        <Icon name={look.icon} size={30} />
      </span>
      <h2>{t(`kyc_status_${kyc.status}`)}</h2>
      <p className="muted">{t(look.hint)}</p>
      {kyc.realName ? <p>{kyc.realName}</p> : null}
      {kyc.submitTime ? <p className="muted small">{t('kyc_submittedAt', { time: formatDateTime(kyc.submitTime) })}</p> : null}
      {kyc.status === 'rejected' ? (
        <>
          {kyc.reason ? <p className="kyc-reason" data-testid="kyc-reason">{t('kyc_reason', { reason: kyc.reason })}</p> : null}
          <Button block onClick={onResubmit} data-testid="kyc-resubmit">
            {t('kyc_resubmit')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
