/**
 * The live market socket (spec 4, 7).
 *
 * - Connects to `{host}/ws/{random unique id}`: `wss` unless the page is served over plain http.
 * - Reconnects 3 seconds after an error or an unexpected close.
 * - Messages sent while the socket is not open are queued and sent, in order, on open.
 * - Subscriptions are ref-counted: two screens asking for the same stream share one
 *   server subscription; the last one to leave sends `unsubscribe`. Every active
 *   subscription is re-sent after a reconnect.
 * - Incoming DETAIL/KLINE/TRADE/DEPTH/ORDER/HEARTBEAT messages go to the listeners of their type;
 *   `data` may arrive as `data` or nested as `data.tick`, and listeners always get the flat tick.
 * - Spot (docs/api.md "Spot trading"): `depth` streams a book snapshot then deltas;
 *   `resubscribe` asks again for a fresh snapshot after a gap. `orders` carries the
 *   session token and streams the caller's ORDER changes.
 */

export const SOCKET_RECONNECT_DELAY_MS = 3_000;

/** The `type` of a subscription (`SocketClientMessage.type`). */
export type StreamType = 'detail' | 'kline' | 'trade' | 'depth' | 'orders';
import type { ClientMessage, MessageType } from './protocol';

export type { MessageType } from './protocol';

/** A subscription: the client message without its `op`. */
export interface Subscription extends Omit<ClientMessage, 'op' | 'type'> {
  type: StreamType;
  /** Omitted (detail only) = every coin. */
  symbol?: string;
  interval?: string;
  /** The session token (`orders` only: the server streams that user's orders). */
  token?: string;
}

/** Prices and volumes are decimal strings: never parse them into floats for display. */
export interface Tick {
  open?: string;
  close?: string;
  low?: string;
  high?: string;
  vol?: string;
  [field: string]: unknown;
}

export interface SocketMessage {
  type: MessageType | string;
  symbol?: string;
  origin?: unknown;
  interval?: string;
  /** Always the flat tick (a nested `data.tick` is unwrapped). */
  data: Tick;
}

export type Listener = (message: SocketMessage) => void;

/** The part of the browser WebSocket the client uses (tests pass a fake). */
export interface WebSocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}
export type WebSocketFactory = (url: string) => WebSocketLike;

const OPEN = 1;

export function uniqueId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID().replace(/-/g, '');
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/** `{host}/ws/{id}`, secure unless the page is plain http (spec 7). */
export function socketUrl(id: string, loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = loc.protocol === 'http:' ? 'ws' : 'wss';
  return `${scheme}://${loc.host}/ws/${id}`;
}

export function subscriptionKey(sub: Subscription): string {
  const key = [sub.type, (sub.symbol ?? '*').toLowerCase(), sub.interval ?? ''];
  // A different session is a different stream (orders): the token is part of the key.
  if (sub.token) key.push(sub.token);
  return key.join(':');
}

/** Parse one frame; null when it is not a usable message. */
export function parseMessage(raw: unknown): SocketMessage | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  if (typeof m.type !== 'string') return null;
  let data = m.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      data = {};
    }
  }
  const obj = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const tick = typeof obj.tick === 'object' && obj.tick !== null ? (obj.tick as Tick) : (obj as Tick);
  return {
    type: m.type.toUpperCase(),
    symbol: typeof m.symbol === 'string' ? m.symbol : undefined,
    origin: m.origin,
    interval: typeof m.interval === 'string' ? m.interval : typeof obj.interval === 'string' ? obj.interval : undefined,
    data: tick,
  };
}

export interface SocketClientOptions {
  url?: () => string;
  create?: WebSocketFactory;
  reconnectDelayMs?: number;
}

export class SocketClient {
  private ws: WebSocketLike | null = null;
  private queue: string[] = [];
  private subs = new Map<string, { sub: Subscription; count: number }>();
  private listeners = new Map<string, Set<Listener>>();
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly url: () => string;
  private readonly create: WebSocketFactory;
  private readonly delay: number;

  constructor(options: SocketClientOptions = {}) {
    this.url = options.url ?? (() => socketUrl(uniqueId()));
    this.create = options.create ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
    this.delay = options.reconnectDelayMs ?? SOCKET_RECONNECT_DELAY_MS;
  }

  get isOpen(): boolean {
    return this.ws?.readyState === OPEN;
  }

  /** Open the connection if none is open or opening. */
  connect(): void {
    this.stopped = false;
    if (this.ws || this.reconnectTimer) return;
    let ws: WebSocketLike;
    try {
      ws = this.create(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      // Earlier subscriptions first (spec 4), then whatever was queued while closed.
      for (const { sub } of this.subs.values()) this.rawSend(ws, { op: 'subscribe', ...sub });
      const pending = this.queue;
      this.queue = [];
      for (const text of pending) ws.send(text);
    };
    ws.onmessage = (ev) => {
      const message = parseMessage(ev.data);
      if (message) this.dispatch(message);
    };
    const lost = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      ws.onopen = ws.onclose = ws.onerror = ws.onmessage = null;
      try {
        ws.close();
      } catch {
        /* already closed */
      }
      this.scheduleReconnect();
    };
    ws.onerror = lost;
    ws.onclose = lost;
  }

  /** Close for good (no reconnect) and forget queued messages. */
  close(): void {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const ws = this.ws;
    this.ws = null;
    this.queue = [];
    if (ws) {
      ws.onopen = ws.onclose = ws.onerror = ws.onmessage = null;
      ws.close();
    }
  }

  /** Send now when open, otherwise queue it for the next open. */
  send(message: object): void {
    const ws = this.ws;
    if (ws && ws.readyState === OPEN) {
      ws.send(JSON.stringify(message));
      return;
    }
    this.queue.push(JSON.stringify(message));
    this.connect();
  }

  /** Ref-counted subscription; returns its release function. */
  subscribe(sub: Subscription): () => void {
    const key = subscriptionKey(sub);
    const entry = this.subs.get(key);
    if (entry) {
      entry.count += 1;
    } else {
      this.subs.set(key, { sub, count: 1 });
      // While closed, the open handler sends every active subscription: nothing to queue.
      if (this.ws && this.ws.readyState === OPEN) this.rawSend(this.ws, { op: 'subscribe', ...sub });
      else this.connect();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const current = this.subs.get(key);
      if (!current) return;
      current.count -= 1;
      if (current.count > 0) return;
      this.subs.delete(key);
      if (this.ws && this.ws.readyState === OPEN) this.rawSend(this.ws, { op: 'unsubscribe', ...sub });
    };
  }

  /**
   * Send `subscribe` again for an active subscription (depth: the server answers with a
   * fresh snapshot). While closed nothing is sent: the open handler re-sends it anyway.
   * Returns whether a frame was sent.
   */
  resubscribe(sub: Subscription): boolean {
    if (!this.subs.has(subscriptionKey(sub))) return false;
    if (this.ws && this.ws.readyState === OPEN) {
      this.rawSend(this.ws, { op: 'subscribe', ...sub });
      return true;
    }
    this.connect();
    return false;
  }

  /** Listen to one message type (DETAIL, KLINE, TRADE, ...); returns the remover. */
  on(type: MessageType | string, listener: Listener): () => void {
    const key = type.toUpperCase();
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Active subscriptions (for tests and diagnostics). */
  activeSubscriptions(): Subscription[] {
    return [...this.subs.values()].map((e) => e.sub);
  }

  private dispatch(message: SocketMessage): void {
    const set = this.listeners.get(message.type);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch (e) {
        console.error('socket listener failed', e);
      }
    }
  }

  private rawSend(ws: WebSocketLike, message: object): void {
    ws.send(JSON.stringify(message));
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, this.delay);
  }
}

let shared: SocketClient | null = null;

/** The app's one socket, created on first use. */
export function marketSocket(): SocketClient {
  if (!shared) shared = new SocketClient();
  return shared;
}

/** Tests replace the shared socket. */
export function setMarketSocket(client: SocketClient | null): void {
  shared?.close();
  shared = client;
}
