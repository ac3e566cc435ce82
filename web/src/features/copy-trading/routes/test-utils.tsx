import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useSession } from '@/shared/session/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import type { CopyOrderWire, CopySkip, LeadPosition, MineTrader, TraderCard, TraderInfo } from '@/features/copy-trading/api';
import FlowOrderApplyScreen from './FlowOrderApplyScreen';
import FlowOrderConfirmScreen from './FlowOrderConfirmScreen';
import FlowOrderMineScreen from './FlowOrderMineScreen';
import FlowOrderScreen from './FlowOrderScreen';
import FlowOrderTraderScreen from './FlowOrderTraderScreen';

export const CARD: TraderCard = {
  id: 7,
  traderName: 'Alpha Desk',
  avatar: '',
  bio: 'Trend following on majors.',
  followUser: 12,
  maxUserCount: 2500,
  profitRate30: '12.5',
  profitAmount30: '1234.5',
  profitRate14: '66.67',
  maxDrawdown30: '8.2',
  followAmount: '5000',
  followersReturn: '3.1',
  minFollowAmount: '10',
  shareRate: '0.2',
  series: ['0.5', '-0.2', '1.1'],
  following: false,
};

export const INFO: TraderInfo = { ...CARD, followOrder: 40, rewardAmount: '12.3', winCount14: 8, lossCount14: 4, orderDelaySeconds: 30, createTime: Date.UTC(2026, 0, 5) };

export const FOLLOW: MineTrader = {
  traderId: 7,
  traderName: 'Alpha Desk',
  avatar: '',
  followDay: 9,
  followType: 1,
  followRate: '0',
  followAmount: '25',
  followSymbol: 'btc',
  budget: '300',
  stopLossRate: '40',
  createTime: Date.UTC(2026, 1, 1),
  realised: '-3.2',
  shared: '1.2',
  highWaterMark: '5',
  openMargin: '50',
  status: 'active',
  stopReason: null,
};

export const LEAD_OPEN: LeadPosition = {
  id: 501,
  symbol: 'btcusdt',
  coin: 'btc',
  side: 'long',
  leverage: 10,
  openNum: '0.5',
  openPrice: '60000',
  closePrice: null,
  earn: '0',
  openTime: Date.UTC(2026, 1, 2),
  closeTime: null,
};

/** An open copy as GET /api/follow/mineOrder sends it (the futures position with its lead). */
export const COPY_OPEN: CopyOrderWire = {
  id: 901,
  traderId: 7,
  traderName: 'Alpha Desk',
  leadPositionId: 501,
  symbol: 'btcusdt',
  coin: 'btc',
  type: 0,
  leverage: 10,
  openNum: '0.01',
  openPrice: '60000',
  markPrice: '61230',
  markTime: Date.UTC(2026, 1, 3),
  markSource: 'simulator',
  unrealisedPnl: '12.3',
  roe: '0.205',
  amount: '60',
  adjustAmount: '60',
  closePrice: '54321.5',
  marginRatio: '0.04',
  earn: '0',
  grossPnl: '0',
  fees: '0.6',
  funding: '0',
  dealPrice: null,
  status: 0,
  createTime: Date.UTC(2026, 1, 2),
  updateTime: Date.UTC(2026, 1, 2),
  dealTime: null,
  copied: true,
  shareAmount: '0',
};

export const SKIP: CopySkip = { id: 31, traderId: 7, traderName: 'Alpha Desk', symbol: 'ethusdt', side: 'short', leadPositionId: 502, reason: 'budget', at: Date.UTC(2026, 1, 3) };

export const COINS = {
  coinList: [],
  currencyList: [],
  contractList: [
    { id: 1, coin: 'btc', symbol: 'btcusdt' },
    { id: 2, coin: 'eth', symbol: 'ethusdt' },
  ],
  optionList: [],
};

export const balance = (contractUsdt: string) =>
  ok({ totalUsdt: contractUsdt, wallets: [{ wallet: 'contract', totalUsdt: contractUsdt, assets: [{ coin: 'USDT', available: contractUsdt, frozen: '0' }] }] });

/** Render `path` signed in, with the copy-trading routes and a marker at /floworder/mine when `mineMarker`. */
export function renderAt(path: string, routes: Parameters<typeof mockHttp>[0], opts: { mineMarker?: boolean } = {}) {
  useSession.getState().signIn('tok');
  const calls = mockHttp({
    'GET /api/common/getCoinList': ok(COINS),
    'POST /api/asset/assetBalance': balance('250.5'),
    'GET /api/follow/myTrader': ok(null),
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/floworder" element={<FlowOrderScreen />} />
          <Route path="/follow" element={<FlowOrderScreen />} />
          <Route path="/floworder/trader/:id" element={<FlowOrderTraderScreen />} />
          <Route path="/floworder/confirm/:id" element={<FlowOrderConfirmScreen />} />
          <Route path="/floworder/mine" element={opts.mineMarker ? <div data-testid="at-mine" /> : <FlowOrderMineScreen />} />
          <Route path="/floworder/apply" element={<FlowOrderApplyScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

/** The JSON bodies sent to `url`. */
export function bodies(calls: ReturnType<typeof mockHttp>, url: string): unknown[] {
  return calls.filter((c) => c.url === url).map((c) => JSON.parse(c.data as string));
}
