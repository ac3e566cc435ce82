/**
 * What a financial record says happened, in the user's words. The server sends
 * ledger postings (docs/api.md "Posting kinds"): a kind, a reference and the two
 * accounts. Internal words (freeze, unfreeze, user, house) never reach the screen:
 * the kind and the reference together name the event.
 *
 * | kind             | reference     | reads                                   |
 * |------------------|---------------|-----------------------------------------|
 * | freeze           | spot:order:N  | order placed (the amount it holds)      |
 * | unfreeze         | spot:order:N  | order closed, unused amount returned    |
 * | freeze           | withdrawal:N  | withdrawal requested                    |
 * | unfreeze         | withdrawal:N  | withdrawal returned (rejected)          |
 * | withdrawal       | withdrawal:N  | withdrawal sent                         |
 * | trade            | spot:trade:N  | bought / sold (from the coin and sign)  |
 * | freeze           | second:N      | second contract placed (its stake)      |
 * | unfreeze         | second:N      | stake returned (a win, draw or void)    |
 * | settlement       | second:N      | won (from the house) / lost (to it)     |
 * | freeze, ...      | option:N      | the same for an option, and its fee     |
 * | freeze/unfreeze  | futures:fill:N| futures margin held / returned          |
 * | settlement       | futures:fill:N| futures profit, loss or funding         |
 * | trade_fee        | futures:fill:N| futures fee                             |
 * | transfer         | earn:N        | earn principal (spot ↔ finance)         |
 * | interest         | earn:N        | earn interest / given back on redemption |
 * | redemption_fee   | earn:N        | early redemption fee                    |
 * | rebate           | rebate:N      | an inviter's share of a member's fee    |
 * | deposit, ...     |               | one label per kind                      |
 */
import type { TKey } from '@/shared/i18n/i18n';
import type { FinancialRecord } from '@/features/wallet/types';
import { toDecimal } from '@/shared/format/number';

type RecordFields = Pick<FinancialRecord, 'type' | 'reference' | 'coin' | 'change'>;

/** What a posting reference belongs to (crates/kernel/src/posting_ref.rs). */
export type RefKind = 'order' | 'trade' | 'withdrawal' | 'deposit' | 'exchange' | 'transfer' | 'second' | 'option' | 'futures' | 'earn' | 'other';

export function referenceKind(reference: string | null | undefined): RefKind {
  const parts = (reference ?? '').split(':');
  if (parts[0] === 'spot' && parts[1] === 'order') return 'order';
  if (parts[0] === 'spot' && parts[1] === 'trade') return 'trade';
  if (parts[0] === 'withdrawal' || parts[0] === 'deposit' || parts[0] === 'exchange' || parts[0] === 'transfer' || parts[0] === 'second' || parts[0] === 'option') return parts[0];
  if (parts[0] === 'futures') return 'futures';
  if (parts[0] === 'earn') return 'earn';
  return 'other';
}

const BY_KIND: Record<string, TKey> = {
  deposit: 'rec_deposit',
  deposit_bonus: 'rec_depositBonus',
  withdrawal: 'rec_withdrawalSent',
  withdrawal_fee: 'rec_withdrawalFee',
  transfer: 'rec_transfer',
  exchange: 'rec_exchange',
  exchange_fee: 'rec_exchangeFee',
  reward: 'rec_reward',
  trade_fee: 'rec_tradeFee',
  adjustment: 'rec_adjustment',
  interest: 'rec_earnInterest',
  redemption_fee: 'rec_earnPenalty',
  rebate: 'rec_rebate',
};

/** The label key of one record; null for a kind this build does not know (shown as sent). */
export function recordLabel(r: RecordFields): TKey | null {
  const ref = referenceKind(r.reference);
  switch (r.type) {
    case 'freeze':
      if (ref === 'second') return 'rec_secondPlaced';
      if (ref === 'option') return 'rec_optionPlaced';
      if (ref === 'futures') return 'rec_futuresMargin';
      return ref === 'order' ? 'rec_orderPlaced' : ref === 'withdrawal' ? 'rec_withdrawalRequested' : 'rec_held';
    case 'unfreeze':
      if (ref === 'second') return 'rec_secondReturned';
      if (ref === 'option') return 'rec_optionReturned';
      if (ref === 'futures') return 'rec_futuresMarginBack';
      return ref === 'order' ? 'rec_orderReleased' : ref === 'withdrawal' ? 'rec_withdrawalReturned' : 'rec_released';
    case 'settlement': {
      const gained = toDecimal(r.change)?.gt(0) ?? false;
      if (ref === 'second') return gained ? 'rec_secondWon' : 'rec_secondLost';
      if (ref === 'option') return gained ? 'rec_optionWon' : 'rec_optionLost';
      if (ref === 'futures') return 'rec_futuresSettlement';
      return 'rec_settlement';
    }
    case 'transfer':
      return ref === 'earn' ? 'rec_earnPrincipal' : 'rec_transfer';
    case 'interest':
      // Interest arrives; on an early redemption that forfeits it, it goes back.
      return (toDecimal(r.change)?.lt(0) ?? false) ? 'rec_earnForfeited' : 'rec_earnInterest';
    case 'trade_fee':
      if (ref === 'option') return 'rec_optionFee';
      if (ref === 'futures') return 'rec_futuresFee';
      return 'rec_tradeFee';
    case 'trade': {
      // A buy pays USDT and receives the coin; a sell the other way round.
      const incoming = toDecimal(r.change)?.gt(0) ?? false;
      const quote = r.coin.toUpperCase() === 'USDT';
      return incoming !== quote ? 'rec_tradeBought' : 'rec_tradeSold';
    }
    default:
      return BY_KIND[r.type] ?? null;
  }
}

/** Accounts a record may name, and their label keys ("user" is another user: a trader, never an id). */
const PARTIES: Record<string, TKey> = {
  spot: 'account_spot',
  finance: 'account_finance',
  contract: 'account_contract',
  external: 'account_external',
  fees: 'account_fees',
  house: 'account_house',
  insurance: 'account_insurance',
  rewards: 'account_rewards',
  user: 'rec_otherTrader',
};

/** The label key of a record's account; each product's house book (house_exchange, ...) is "the platform". */
export function partyLabel(name: string): TKey | null {
  const shown = name.startsWith('house_') ? 'house' : name;
  return PARTIES[shown] ?? null;
}

/** A move inside one wallet (an amount set aside or returned): the buckets tell it, not the accounts. */
export function isHoldMove(r: Pick<FinancialRecord, 'from' | 'to' | 'fromBucket' | 'toBucket'>): boolean {
  return r.from === r.to && r.fromBucket !== r.toBucket;
}

export function bucketLabel(bucket: string): TKey {
  return bucket === 'frozen' ? 'rec_onHold' : 'rec_available';
}
