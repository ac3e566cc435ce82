import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@/shared/api/types';

const TONE: Record<KycStatus, string> = { none: '', pending: 'chip-warning', approved: 'chip-success', rejected: 'chip-danger' };

export function KycChip({ status, label, testId }: { status: KycStatus | undefined; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const s: KycStatus = status ?? 'none';
  return (
    <span className={`chip ${TONE[s]}`} data-testid={testId} data-status={s}>
      {label ? `${label} · ` : ''}
      {t(`kyc_status_${s}`)}
    </span>
  );
}
