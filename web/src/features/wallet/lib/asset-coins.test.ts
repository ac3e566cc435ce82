import { openAssetCoins, type AssetCoin } from './asset-coins';

const SETTINGS: AssetCoin[] = [
  { coinName: 'USDT-TRC20', coin: 'usdt', rechargeMin: '1' },
  { coinName: 'USDT-ERC20', coin: 'usdt', rechargeMin: '1' },
  { coinName: 'BTC', coin: 'btc', rechargeMin: '0.0001' },
  { coinName: 'ETH', coin: 'eth', rechargeMin: '0.001', useSys: false },
];

describe('deposit networks offered', () => {
  it('only the networks the server lists as open, in the settings order', () => {
    expect(openAssetCoins(SETTINGS, ['BTC', 'USDT-TRC20']).map((c) => c.coinName)).toEqual(['USDT-TRC20', 'BTC']);
  });

  it('a closed network is absent, however the settings list it', () => {
    const offered = openAssetCoins(SETTINGS, ['USDT-TRC20']).map((c) => c.coinName);
    expect(offered).not.toContain('BTC');
    expect(offered).not.toContain('USDT-ERC20');
  });

  it('nothing is offered before the open list has arrived, or when none is open', () => {
    expect(openAssetCoins(SETTINGS, undefined)).toEqual([]);
    expect(openAssetCoins(SETTINGS, [])).toEqual([]);
  });

  it('an open network the operator does not serve from the platform (useSys off) stays hidden', () => {
    expect(openAssetCoins(SETTINGS, ['ETH'])).toEqual([]);
  });

  it('names match whatever their case', () => {
    expect(openAssetCoins(SETTINGS, ['usdt-trc20']).map((c) => c.coinName)).toEqual(['USDT-TRC20']);
  });
});
