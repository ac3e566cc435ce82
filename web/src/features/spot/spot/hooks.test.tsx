import { act, renderHook, waitFor } from '@testing-library/react';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { SocketClient, setMarketSocket, type WebSocketLike } from '@/shared/socket/socket-client';
import { RECENT_TRADES, RESYNC_RETRY_MS, mergeTape, pickPair, useDepthBook } from './hooks';
import type { SpotPair } from './api';

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

let ws: FakeSocket;
beforeEach(() => {
  resetAll();
  ws = new FakeSocket();
  setMarketSocket(new SocketClient({ url: () => 'ws://t/ws/x', create: () => ws }));
});
afterEach(() => setMarketSocket(null));

const depthSubs = () => ws.sent.filter((m) => m.op === 'subscribe' && m.type === 'depth');

describe('useDepthBook', () => {
  it('paints the REST book, follows socket deltas, and resubscribes on a gap until a snapshot arrives', async () => {
    mockHttp({ 'GET /api/market/depth': ok({ symbol: 'btcusdt', seq: 5, bids: [['100', '1']], asks: [['101', '2']] }) });
    const { result } = renderHook(() => useDepthBook('btcusdt', 10));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.seq).toBe(5);
    act(() => ws.open());
    expect(depthSubs()).toEqual([{ op: 'subscribe', type: 'depth', symbol: 'btcusdt' }]);

    act(() => ws.receive({ type: 'DEPTH', symbol: 'btcusdt', data: { snapshot: false, seq: 6, prevSeq: 5, bids: [['100', '0']], asks: [] } }));
    await waitFor(() => expect(result.current.seq).toBe(6));
    expect(result.current.view.bids).toEqual([]);
    // Another pair's frame is not ours.
    act(() => ws.receive({ type: 'DEPTH', symbol: 'ethusdt', data: { snapshot: true, seq: 1, bids: [], asks: [] } }));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => ws.receive({ type: 'DEPTH', symbol: 'btcusdt', data: { snapshot: false, seq: 9, prevSeq: 8, bids: [], asks: [] } }));
    await waitFor(() => expect(result.current.resyncing).toBe(true));
    expect(depthSubs()).toHaveLength(2);
    // No snapshot yet: ask again.
    act(() => vi.advanceTimersByTime(RESYNC_RETRY_MS + 10));
    expect(depthSubs()).toHaveLength(3);
    act(() => ws.receive({ type: 'DEPTH', symbol: 'btcusdt', data: { snapshot: true, seq: 20, bids: [['99', '3']], asks: [['102', '1']] } }));
    await waitFor(() => expect(result.current.seq).toBe(20));
    expect(result.current.resyncing).toBe(false);
    expect(result.current.view.bids[0]).toEqual({ price: '99', amount: '3', bar: '100' });
    act(() => vi.advanceTimersByTime(RESYNC_RETRY_MS * 2));
    expect(depthSubs()).toHaveLength(3);
    vi.useRealTimers();
  });

  it('shows an error when neither the REST book nor the socket answers', async () => {
    mockHttp({});
    const { result } = renderHook(() => useDepthBook('btcusdt', 10));
    await waitFor(() => expect(result.current.status).toBe('error'));
  });
});

describe('pickPair', () => {
  const pairs = [{ coin: 'btc', symbol: 'btcusdt' }, { coin: 'eth', symbol: 'ethusdt' }] as SpotPair[];
  it('prefers ?symbol=, then the remembered pair, then the first', () => {
    expect(pickPair(pairs, 'ETHUSDT', 'btcusdt')?.coin).toBe('eth');
    expect(pickPair(pairs, 'nope', 'ethusdt')?.coin).toBe('eth');
    expect(pickPair(pairs, null, null)?.coin).toBe('btc');
    expect(pickPair([], 'btcusdt', null)).toBeUndefined();
  });
});

describe('mergeTape', () => {
  const live = (ts: number, price: string) => ({ key: `l${ts}`, price, vol: '1', side: 'buy' as const, ts });
  const tape = (id: number, ts: number, price: string) => ({ id, price, vol: '1', side: 'sell', ts });

  it('shows the tape when nothing traded since the pair opened', () => {
    const rows = mergeTape([], [tape(2, 200, '2'), tape(1, 100, '1')]);
    expect(rows.map((r) => r.price)).toEqual(['2', '1']);
    expect(rows[0].side).toBe('sell');
  });

  it('puts live trades first and drops tape rows a live frame already showed', () => {
    const rows = mergeTape([live(300, '3'), live(200, '2')], [tape(2, 200, '2'), tape(1, 100, '1')]);
    expect(rows.map((r) => r.price)).toEqual(['3', '2', '1']);
  });

  it('keeps at most RECENT_TRADES rows', () => {
    const many = Array.from({ length: 40 }, (_, i) => tape(i, 1000 - i, String(i)));
    expect(mergeTape([], many)).toHaveLength(RECENT_TRADES);
  });
});
