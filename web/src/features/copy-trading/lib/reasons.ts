/** Translation keys of the server's reason codes (skipped copies, stopped follows). */
import { SKIP_REASONS, type SkipReason } from '../api';

export type SkipKey = `floworder_skip_${SkipReason}` | 'floworder_skip_other';
export type StopKey = 'floworder_stop_stop_loss' | 'floworder_stop_trader_removed' | 'floworder_stop_other';

/** floworder_skip_<reason>; an unknown reason gets the generic text. */
export function skipReasonKey(reason: string | null | undefined): SkipKey {
  return (SKIP_REASONS as readonly string[]).includes(reason ?? '') ? (`floworder_skip_${reason as SkipReason}` as SkipKey) : 'floworder_skip_other';
}

/** Why a follow stopped; null when it did not. */
export function stopReasonKey(reason: string | null | undefined): StopKey | null {
  if (!reason) return null;
  if (reason === 'stop_loss') return 'floworder_stop_stop_loss';
  if (reason === 'trader_removed') return 'floworder_stop_trader_removed';
  return 'floworder_stop_other';
}
