import { SOCKET_RECONNECT_DELAY_MS, SocketClient, parseMessage, socketUrl, type SocketMessage, type WebSocketLike } from './socket-client';

class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: unknown[] = [];
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  fail() {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1];
const client = () => new SocketClient({ url: () => 'ws://test/ws/abc', create: (url) => new FakeSocket(url) });

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('socket url', () => {
  it('is secure unless the page is plain http, with a unique id', () => {
    expect(socketUrl('id1', { protocol: 'https:', host: 'x.test' })).toBe('wss://x.test/ws/id1');
    expect(socketUrl('id1', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws/id1');
  });
});

describe('socket client', () => {
  it('queues messages while not open and sends them in order on open', () => {
    const c = client();
    c.send({ op: 'ping', n: 1 });
    c.send({ op: 'ping', n: 2 });
    expect(FakeSocket.all).toHaveLength(1);
    const ws = latest();
    expect(ws.sent).toEqual([]);
    ws.open();
    expect(ws.sent).toEqual([{ op: 'ping', n: 1 }, { op: 'ping', n: 2 }]);
    c.send({ op: 'ping', n: 3 });
    expect(ws.sent).toHaveLength(3);
  });

  it('subscribes to detail on open and shares one subscription between two users (ref count)', () => {
    const c = client();
    const a = c.subscribe({ type: 'detail' });
    const b = c.subscribe({ type: 'detail' });
    const ws = latest();
    ws.open();
    expect(ws.sent).toEqual([{ op: 'subscribe', type: 'detail' }]);
    a();
    expect(ws.sent).toHaveLength(1);
    b();
    expect(ws.sent).toEqual([{ op: 'subscribe', type: 'detail' }, { op: 'unsubscribe', type: 'detail' }]);
    b();
    expect(ws.sent).toHaveLength(2);
  });

  it('reconnects 3 seconds after an error, not before', () => {
    const c = client();
    c.subscribe({ type: 'detail' });
    latest().open();
    latest().fail();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(SOCKET_RECONNECT_DELAY_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(SOCKET_RECONNECT_DELAY_MS).toBe(3000);
  });

  it('re-sends active subscriptions after a reconnect, then the queued messages', () => {
    const c = client();
    c.subscribe({ type: 'detail' });
    const kline = c.subscribe({ type: 'kline', symbol: 'btcusdt', interval: '1m' });
    c.subscribe({ type: 'trade', symbol: 'ethusdt' })();
    latest().open();
    latest().fail();
    c.send({ op: 'hello' });
    vi.advanceTimersByTime(3000);
    const ws = latest();
    expect(ws).not.toBe(FakeSocket.all[0]);
    ws.open();
    expect(ws.sent).toEqual([
      { op: 'subscribe', type: 'detail' },
      { op: 'subscribe', type: 'kline', symbol: 'btcusdt', interval: '1m' },
      { op: 'hello' },
    ]);
    kline();
    expect(ws.sent[3]).toEqual({ op: 'unsubscribe', type: 'kline', symbol: 'btcusdt', interval: '1m' });
  });

  it('keeps retrying every 3 seconds while the server is down', () => {
    const c = client();
    c.subscribe({ type: 'detail' });
    latest().fail();
    vi.advanceTimersByTime(3000);
    latest().fail();
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.all).toHaveLength(3);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', type: 'detail' }]);
  });

  it('does not reconnect after an explicit close', () => {
    const c = client();
    c.subscribe({ type: 'detail' });
    latest().open();
    c.close();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('passes DETAIL, KLINE and TRADE messages to the listeners of their type', () => {
    const c = client();
    const details: SocketMessage[] = [];
    const klines: SocketMessage[] = [];
    const trades: SocketMessage[] = [];
    c.on('DETAIL', (m) => details.push(m));
    c.on('KLINE', (m) => klines.push(m));
    const off = c.on('TRADE', (m) => trades.push(m));
    c.subscribe({ type: 'detail' });
    const ws = latest();
    ws.open();
    ws.receive({ type: 'DETAIL', symbol: 'btcusdt', origin: 'sim', data: { open: '1', close: '2', low: '0.5', high: '3', vol: '10' } });
    ws.receive({ type: 'KLINE', symbol: 'btcusdt', data: { open: '1', close: '2', low: '0.5', high: '3', vol: '10' } });
    ws.receive({ type: 'TRADE', symbol: 'btcusdt', data: { close: '2' } });
    ws.receive({ type: 'HEARTBEAT', data: { ts: 1 } });
    off();
    ws.receive({ type: 'TRADE', symbol: 'btcusdt', data: { close: '3' } });
    ws.receive('not json');
    expect(details).toHaveLength(1);
    expect(details[0]).toMatchObject({ type: 'DETAIL', symbol: 'btcusdt', origin: 'sim', data: { close: '2', vol: '10' } });
    expect(klines).toHaveLength(1);
    expect(trades).toHaveLength(1);
  });

  it('accepts data nested as data.tick', () => {
    const c = client();
    const got: SocketMessage[] = [];
    c.on('DETAIL', (m) => got.push(m));
    c.connect();
    latest().open();
    latest().receive({ type: 'DETAIL', symbol: 'ethusdt', data: { tick: { open: '100', close: '101.5', low: '99', high: '102', vol: '7' } } });
    expect(got[0].data).toEqual({ open: '100', close: '101.5', low: '99', high: '102', vol: '7' });
  });

  it('keeps decimal strings untouched', () => {
    expect(parseMessage('{"type":"DETAIL","data":{"close":"0.30000000000000000001"}}')?.data.close).toBe('0.30000000000000000001');
    expect(parseMessage('{"nope":1}')).toBeNull();
  });
});

describe('spot streams', () => {
  it('resubscribes an active depth stream for a fresh snapshot, only when open and active', () => {
    const c = client();
    const sub = { type: 'depth' as const, symbol: 'btcusdt' };
    expect(c.resubscribe(sub)).toBe(false);
    const release = c.subscribe(sub);
    expect(c.resubscribe(sub)).toBe(false);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', type: 'depth', symbol: 'btcusdt' }]);
    expect(c.resubscribe(sub)).toBe(true);
    expect(latest().sent).toEqual([
      { op: 'subscribe', type: 'depth', symbol: 'btcusdt' },
      { op: 'subscribe', type: 'depth', symbol: 'btcusdt' },
    ]);
    release();
    expect(c.resubscribe(sub)).toBe(false);
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', type: 'depth', symbol: 'btcusdt' });
  });

  it('keys the orders stream by token and passes DEPTH and ORDER frames through', () => {
    const c = client();
    c.subscribe({ type: 'orders', token: 'tok-a' });
    c.subscribe({ type: 'orders', token: 'tok-b' });
    latest().open();
    expect(latest().sent).toEqual([
      { op: 'subscribe', type: 'orders', token: 'tok-a' },
      { op: 'subscribe', type: 'orders', token: 'tok-b' },
    ]);
    const got: SocketMessage[] = [];
    c.on('DEPTH', (m) => got.push(m));
    c.on('ORDER', (m) => got.push(m));
    latest().receive({ type: 'DEPTH', symbol: 'btcusdt', data: { snapshot: false, seq: 5, prevSeq: 4, bids: [['1.5', '0']], asks: [] } });
    latest().receive({ type: 'ORDER', data: { id: 7, status: 'open', price: '100.10' } });
    expect(got.map((m) => m.type)).toEqual(['DEPTH', 'ORDER']);
    expect(got[0].data).toEqual({ snapshot: false, seq: 5, prevSeq: 4, bids: [['1.5', '0']], asks: [] });
    expect(got[1].data.price).toBe('100.10');
  });
});
