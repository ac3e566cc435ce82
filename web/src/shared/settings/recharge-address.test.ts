import { mockHttp, ok, fail } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { RECHARGE_ADDRESS_THROTTLE_MS, resetRechargeThrottle, useSettings } from './settings-store';

const address = (symbol: string) => ({ coin: 'USDT', network: symbol, address: `addr-${symbol}`, shared: false, rechargeMin: '1', rechargeMax: '9999999' });
const TRC = { coin: 'usdt', symbol: 'USDT-TRC20' };
const ERC = { coin: 'usdt', symbol: 'USDT-ERC20' };
const BTC = { coin: 'btc', symbol: 'BTC' };

function serve() {
  return mockHttp({
    'POST /api/recharge/getAdress': (config) => {
      const symbol = String(config.params.symbol);
      return symbol === 'BTC' ? fail(-4030, 'no address for BTC') : ok(address(symbol));
    },
  });
}

beforeEach(() => {
  resetAll();
  resetRechargeThrottle();
  useSettings.setState({ userRechageMap: {}, rechargeAddressErrors: {} });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => vi.useRealTimers());

describe('recharge addresses (userRechageMap)', () => {
  it('fetches only coins not yet loaded, keyed by coin name', async () => {
    const calls = serve();
    await useSettings.getState().loadRechargeAddresses([TRC]);
    expect(calls.map((c) => c.params)).toEqual([{ coin: 'usdt', symbol: 'USDT-TRC20' }]);
    expect(useSettings.getState().userRechageMap['USDT-TRC20'].address).toBe('addr-USDT-TRC20');
    vi.advanceTimersByTime(RECHARGE_ADDRESS_THROTTLE_MS);
    await useSettings.getState().loadRechargeAddresses([TRC, ERC]);
    expect(calls.map((c) => c.params.symbol)).toEqual(['USDT-TRC20', 'USDT-ERC20']);
    // all loaded: nothing is asked again
    vi.advanceTimersByTime(RECHARGE_ADDRESS_THROTTLE_MS);
    await useSettings.getState().loadRechargeAddresses([TRC, ERC]);
    expect(calls).toHaveLength(2);
  });

  it('runs at most one round per 5 s; what is asked meanwhile goes in one round when the window ends', async () => {
    const calls = serve();
    await useSettings.getState().loadRechargeAddresses([TRC]);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    const second = useSettings.getState().loadRechargeAddresses([ERC]);
    const third = useSettings.getState().loadRechargeAddresses([ERC, { coin: 'eth', symbol: 'ETH' }]);
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(RECHARGE_ADDRESS_THROTTLE_MS - 1_001);
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await Promise.all([second, third]);
    expect(calls.slice(1).map((c) => c.params.symbol)).toEqual(['USDT-ERC20', 'ETH']);
    expect(Object.keys(useSettings.getState().userRechageMap).sort()).toEqual(['ETH', 'USDT-ERC20', 'USDT-TRC20']);
  });

  it('remembers a refusal until it is cleared, then asks again', async () => {
    const calls = serve();
    await useSettings.getState().loadRechargeAddresses([BTC]);
    expect(useSettings.getState().rechargeAddressErrors.BTC).toBe('no address for BTC');
    vi.advanceTimersByTime(RECHARGE_ADDRESS_THROTTLE_MS);
    await useSettings.getState().loadRechargeAddresses([BTC]);
    expect(calls).toHaveLength(1);
    useSettings.getState().clearRechargeAddressError('BTC');
    await useSettings.getState().loadRechargeAddresses([BTC]);
    expect(calls).toHaveLength(2);
  });
});
