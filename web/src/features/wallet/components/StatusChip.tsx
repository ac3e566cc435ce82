import { useTranslation } from 'react-i18next';

const TONE: Record<string, string> = {
  pending: 'chip-warning',
  review: 'chip-warning',
  confirmed: 'chip-success',
  approved: 'chip-success',
  rejected: 'chip-danger',
};

/** pending / review / confirmed / approved / rejected, translated and coloured. */
export function StatusChip({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  const known = status in TONE;
  return (
    <span className={`chip ${TONE[status] ?? ''}`} data-testid={testId} data-status={status}>
      {known ? t(`status_${status as 'pending'}`) : status}
    </span>
  );
}
