import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import { SKIP_REASONS } from '../api';
import { skipReasonKey, stopReasonKey } from './reasons';

describe('reason keys', () => {
  it('every skip reason of the contract has its own text', () => {
    for (const r of SKIP_REASONS) {
      const key = skipReasonKey(r);
      expect(key).toBe(`floworder_skip_${r}`);
      expect(en[key]).toBeTruthy();
    }
    expect(skipReasonKey('stop_loss')).toBe('floworder_skip_stop_loss');
    expect(skipReasonKey('house_limit')).toBe('floworder_skip_house_limit');
  });

  it('an unknown reason gets the generic text', () => {
    expect(skipReasonKey('meteor')).toBe('floworder_skip_other');
    expect(skipReasonKey(null)).toBe('floworder_skip_other');
    expect(en.floworder_skip_other).toBeTruthy();
  });

  it('stop reasons', () => {
    expect(stopReasonKey(null)).toBeNull();
    expect(stopReasonKey('stop_loss')).toBe('floworder_stop_stop_loss');
    expect(stopReasonKey('trader_removed')).toBe('floworder_stop_trader_removed');
    expect(stopReasonKey('other')).toBe('floworder_stop_other');
  });
});
