import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { idParam, initialOf, isFull, pctText, shareText, symbolList, toneOf } from './display';

describe('display helpers', () => {
  it('percent figures: 2 decimals cut, a sign when asked, the language’s separators', async () => {
    await i18n.changeLanguage('en');
    expect(pctText('12.5')).toBe('12.50%');
    expect(pctText('12.5', { sign: true })).toBe('+12.50%');
    expect(pctText('-3.219', { sign: true })).toBe('-3.21%');
    expect(pctText('')).toBe('--');
    expect(pctText(null)).toBe('--');
    await i18n.changeLanguage('de');
    expect(pctText('1234.5')).toBe('1.234,50%');
    await i18n.changeLanguage('en');
  });

  it('share rates as the percent people read', () => {
    expect(shareText('0.2')).toBe('20%');
    expect(shareText('0.125')).toBe('12.5%');
    expect(shareText(undefined)).toBe('--');
  });

  it('tones, fullness, initials, coin lists and ids', () => {
    expect(toneOf('1')).toBe('up');
    expect(toneOf('-0.01')).toBe('down');
    expect(toneOf('0')).toBe('flat');
    expect(isFull({ followUser: 2500, maxUserCount: 2500 })).toBe(true);
    expect(isFull({ followUser: 3, maxUserCount: 0 })).toBe(false);
    expect(initialOf(' alpha')).toBe('A');
    expect(initialOf('')).toBe('?');
    expect(symbolList('BTC, eth,,btc')).toEqual(['btc', 'eth']);
    expect(symbolList(null)).toEqual([]);
    expect(idParam('12')).toBe(12);
    expect(idParam('1x')).toBeNull();
    expect(idParam(undefined)).toBeNull();
  });
});
