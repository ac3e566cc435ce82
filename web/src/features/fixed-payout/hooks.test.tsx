import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { useSession } from '@/shared/session/session-store';
import { SocketClient, setMarketSocket, type WebSocketLike } from '@/shared/socket/socket-client';
import type { SecondOrder } from './api';
import { pickCoin, useSettlements, type SecondCoin } from './hooks';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: Record<string, unknown>[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const order = (id: number, over: Partial<SecondOrder> = {}): SecondOrder => ({
  id,
  orderNo: `S${id}`,
  symbol: 'btcusdt',
  coinSymbol: 'btc',
  baseSymbol: 'usdt',
  type: 30,
  betContent: '1',
  direction: 'up',
  betAmount: '10',
  rewardAmount: '0',
  openPrice: '100',
  closePrice: null,
  openTime: 0,
  closeTime: 30_000 + id,
  openTickTime: 0,
  openSource: 'simulator',
  closeTickTime: null,
  closeSource: null,
  openResult: 0,
  status: 0,
  rate: '0.12',
  rateFlag: true,
  time: 30,
  ...over,
});
const settled = (id: number, over: Partial<SecondOrder> = {}) => order(id, { status: 1, openResult: 1, rewardAmount: '11.2', closePrice: '101', closeTickTime: 30_000, time: 0, ...over });

let ws: FakeSocket;
let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

beforeEach(() => {
  resetAll();
  useSession.setState({ token: 'tok', isSign: true });
  ws = new FakeSocket();
  setMarketSocket(new SocketClient({ url: () => 'ws://t/ws/x', create: () => ws }));
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => setMarketSocket(null));

describe('settlements', () => {
  it('an order that left the open list is looked up in the settled list and shown once', async () => {
    const calls = mockHttp({ 'POST /api/secondContractOrder/selectOrderList': ok([settled(2), settled(1, { openResult: 2, rewardAmount: '0' })]) });
    const { result, rerender } = renderHook(({ open }) => useSettlements(true, open), { wrapper, initialProps: { open: [order(1), order(2), order(3)] } });
    expect(result.current.current).toBeNull();
    rerender({ open: [order(3)] });
    await waitFor(() => expect(result.current.current?.id).toBe(1));
    expect(JSON.parse(calls.find((c) => c.url?.endsWith('selectOrderList'))!.data as string)).toEqual({ status: 1 });
    // In closing order, then the next; each once.
    expect(result.current.more).toBe(1);
    act(() => result.current.dismiss());
    expect(result.current.current?.id).toBe(2);
    act(() => result.current.dismiss());
    rerender({ open: [] });
    rerender({ open: [order(3)] });
    expect(result.current.current).toBeNull();
  });

  it('a SECOND message on the orders stream brings the result at once', async () => {
    mockHttp({});
    const { result } = renderHook(() => useSettlements(true, [order(5)]), { wrapper });
    act(() => ws.open());
    expect(ws.sent).toContainEqual({ op: 'subscribe', type: 'orders', token: 'tok' });
    act(() => ws.receive({ type: 'SECOND', data: settled(5, { openResult: 4, rewardAmount: '10', closePrice: null }) }));
    await waitFor(() => expect(result.current.current?.id).toBe(5));
    expect(result.current.current?.openResult).toBe(4);
    // Still-open frames are not results.
    act(() => ws.receive({ type: 'SECOND', data: order(6) }));
    expect(result.current.more).toBe(0);
  });

  it('a new order counts as seen, so its settlement shows even if the list never showed it open', async () => {
    mockHttp({ 'POST /api/secondContractOrder/selectOrderList': ok([settled(9)]) });
    const { result, rerender } = renderHook(({ open }) => useSettlements(true, open), { wrapper, initialProps: { open: [] as SecondOrder[] } });
    act(() => result.current.watch(order(9)));
    rerender({ open: [] });
    await waitFor(() => expect(result.current.current?.id).toBe(9));
  });
});

describe('coin choice', () => {
  const coins = [
    { id: 1, coin: 'btc', symbol: 'btcusdt' },
    { id: 2, coin: 'eth', symbol: 'ethusdt' },
  ] as SecondCoin[];
  it('?symbol= (pair or coin), else the remembered one, else the first', () => {
    expect(pickCoin(coins, 'ETHUSDT', null)?.id).toBe(2);
    expect(pickCoin(coins, 'eth', null)?.id).toBe(2);
    expect(pickCoin(coins, 'xyz', 'ethusdt')?.id).toBe(2);
    expect(pickCoin(coins, null, null)?.id).toBe(1);
    expect(pickCoin([], null, null)).toBeUndefined();
  });
});
