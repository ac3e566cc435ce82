// A row's status as a coloured word.
import { Badge, type Tone } from './ui';
import { useTexts, type TextKey } from './texts';

const KNOWN: Record<string, { key: TextKey; tone: Tone }> = {
  pending: { key: 'common.status.pending', tone: 'warn' },
  approved: { key: 'common.status.approved', tone: 'ok' },
  confirmed: { key: 'common.status.confirmed', tone: 'ok' },
  rejected: { key: 'common.status.rejected', tone: 'bad' },
  sending: { key: 'common.status.sending', tone: 'info' },
  sent: { key: 'common.status.sent', tone: 'ok' },
  failed: { key: 'common.status.failed', tone: 'bad' },
  unsent: { key: 'common.status.unsent', tone: 'neutral' },
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTexts();
  const known = KNOWN[status];
  return <Badge tone={known?.tone ?? 'neutral'}>{known ? t(known.key) : status}</Badge>;
}
