import en from '@/locales/en.json';
import type { FinancialRecord } from '@/features/wallet/types';
import { POSTING_KINDS } from '@/features/wallet/types';
import { isHoldMove, partyLabel, recordLabel, referenceKind } from './record-label';

const rec = (type: string, reference: string, coin = 'USDT', change = '0'): Pick<FinancialRecord, 'type' | 'reference' | 'coin' | 'change'> => ({ type, reference, coin, change });
const text = (key: string | null) => (key ? (en as Record<string, string>)[key] : null);

describe('records read as what happened', () => {
  it('a hold names its order or withdrawal', () => {
    expect(text(recordLabel(rec('freeze', 'spot:order:12')))).toBe('Order placed');
    expect(text(recordLabel(rec('unfreeze', 'spot:order:12')))).toBe('Order closed, unused amount returned');
    expect(text(recordLabel(rec('freeze', 'withdrawal:3')))).toBe('Withdrawal requested');
    expect(text(recordLabel(rec('unfreeze', 'withdrawal:3')))).toBe('Withdrawal returned');
    expect(text(recordLabel(rec('withdrawal', 'withdrawal:3', 'USDT', '-20')))).toBe('Withdrawal sent');
    expect(text(recordLabel(rec('freeze', 'test:1')))).toBe('Amount put on hold');
  });

  it('a second contract reads as placed, returned, won or lost', () => {
    expect(text(recordLabel(rec('freeze', 'second:4', 'USDT', '-100')))).toBe('Second contract placed');
    expect(text(recordLabel(rec('unfreeze', 'second:4', 'USDT', '100')))).toBe('Second contract stake returned');
    expect(text(recordLabel(rec('settlement', 'second:4', 'USDT', '12')))).toBe('Second contract won');
    expect(text(recordLabel(rec('settlement', 'second:4', 'USDT', '-100')))).toBe('Second contract lost');
    expect(referenceKind('second:4')).toBe('second');
  });

  it('an option and a futures position read as what they are', () => {
    expect(text(recordLabel(rec('freeze', 'option:3', 'USDT', '-10')))).toBe('Option placed');
    expect(text(recordLabel(rec('trade_fee', 'option:3', 'USDT', '-0.1')))).toBe('Option fee');
    expect(text(recordLabel(rec('settlement', 'option:3', 'USDT', '8')))).toBe('Option won');
    expect(text(recordLabel(rec('settlement', 'option:3', 'USDT', '-10')))).toBe('Option lost');
    expect(text(recordLabel(rec('unfreeze', 'option:3', 'USDT', '10')))).toBe('Option stake returned');
    expect(text(recordLabel(rec('freeze', 'futures:fill:9', 'USDT', '-600')))).toBe('Futures margin held');
    expect(text(recordLabel(rec('unfreeze', 'futures:fill:9', 'USDT', '600')))).toBe('Futures margin returned');
    expect(text(recordLabel(rec('settlement', 'futures:fill:9', 'USDT', '20')))).toBe('Futures profit, loss or funding');
    expect(text(recordLabel(rec('trade_fee', 'futures:fill:9', 'USDT', '-6')))).toBe('Futures trading fee');
    expect(text(recordLabel(rec('trade_fee', 'spot:trade:9', 'USDT', '-6')))).toBe(text('rec_tradeFee'));
    expect(referenceKind('futures:fill:9')).toBe('futures');
  });

  it('an earn order reads as principal, interest and its redemption', () => {
    expect(text(recordLabel(rec('transfer', 'earn:4', 'USDT', '0')))).toBe('Earn principal');
    expect(text(recordLabel(rec('transfer', 'transfer:3:ab', 'USDT', '0')))).toBe(text('rec_transfer'));
    expect(text(recordLabel(rec('interest', 'earn:4', 'USDT', '0.01369863')))).toBe('Earn interest');
    expect(text(recordLabel(rec('interest', 'earn:4', 'USDT', '-0.04')))).toBe('Earn interest given back (early redemption)');
    expect(text(recordLabel(rec('redemption_fee', 'earn:4', 'USDT', '-5')))).toBe('Early redemption fee');
    expect(referenceKind('earn:4')).toBe('earn');
    expect(text(recordLabel(rec('rebate', 'rebate:2', 'BTC', '0.00004')))).toBe('Referral rebate');
  });

  it('a trade posting says bought or sold, from its coin and direction', () => {
    expect(text(recordLabel(rec('trade', 'spot:trade:7', 'USDT', '-67.3')))).toBe('Bought (spot trade)');
    expect(text(recordLabel(rec('trade', 'spot:trade:7', 'BTC', '0.001')))).toBe('Bought (spot trade)');
    expect(text(recordLabel(rec('trade', 'spot:trade:8', 'BTC', '-0.001')))).toBe('Sold (spot trade)');
    expect(text(recordLabel(rec('trade', 'spot:trade:8', 'USDT', '67.3')))).toBe('Sold (spot trade)');
  });

  it('every posting kind has a label, and no label uses a ledger word', () => {
    for (const kind of POSTING_KINDS) {
      for (const reference of ['spot:order:1', 'withdrawal:1', 'deposit:1', 'exchange:1', 'spot:trade:1', 'second:1', 'other']) {
        const label = text(recordLabel(rec(kind, reference)));
        expect(label, `${kind} ${reference}`).toBeTruthy();
        expect(label).not.toMatch(/freez|unfreez|\buser\b|house/i);
      }
    }
  });

  it('another user is a trader, each house book the platform', () => {
    expect(text(partyLabel('user'))).toBe('Another trader');
    expect(text(partyLabel('house_exchange'))).toBe('Platform');
    expect(partyLabel('somewhere')).toBeNull();
  });

  it('reads references and tells a hold move from a transfer', () => {
    expect(referenceKind('spot:order:5')).toBe('order');
    expect(referenceKind('withdrawal:5')).toBe('withdrawal');
    expect(referenceKind('')).toBe('other');
    expect(isHoldMove({ from: 'spot', to: 'spot', fromBucket: 'available', toBucket: 'frozen' })).toBe(true);
    expect(isHoldMove({ from: 'spot', to: 'finance', fromBucket: 'available', toBucket: 'available' })).toBe(false);
  });
});
