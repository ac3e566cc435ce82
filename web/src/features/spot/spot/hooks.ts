import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCoinList, streamSymbol } from '@/features/market';
import { useSession } from '@/shared/session/session-store';
import { marketSocket } from '@/shared/socket/socket-client';
import { useSocketListener, useSocketSubscription } from '@/shared/socket/use-socket';
import { STORAGE_PREFIX } from '@/shared/storage/storage';
import { BALANCE_KEY } from '@/features/wallet';
import { getDepth, getRecentTrades, type Side, type SpotPair, type TapeTrade } from './api';
import { applyMessage, applySnapshot, bookView, emptyBook, toDepthData, type Book, type BookView } from './depth-book';

/** Every spot query (orders, trades) lives under this key. */
export const SPOT_KEY = ['spot'] as const;
/** A resync that got no snapshot within this time asks again. */
export const RESYNC_RETRY_MS = 5_000;
const SYMBOL_STORAGE = `${STORAGE_PREFIX}spotSymbol`;

/** The spot pairs of getCoinList (currencyList), in catalogue order. */
export function useSpotPairs() {
  const coins = useCoinList();
  const pairs = useMemo(() => ((coins.data?.currencyList ?? []) as SpotPair[]).filter((p) => p && p.coin && p.symbol), [coins.data]);
  return { pairs, isLoading: coins.isLoading, isError: coins.isError, refetch: coins.refetch };
}

export function rememberedSymbol(): string | null {
  try {
    const raw = localStorage.getItem(SYMBOL_STORAGE);
    return raw ? (JSON.parse(raw) as string) : null;
  } catch {
    return null;
  }
}

export function rememberSymbol(symbol: string): void {
  try {
    localStorage.setItem(SYMBOL_STORAGE, JSON.stringify(symbol));
  } catch {
    /* storage off: the URL still carries it */
  }
}

/** The pair to show: ?symbol=, else the remembered one, else the first pair. */
export function pickPair(pairs: SpotPair[], requested: string | null, remembered: string | null): SpotPair | undefined {
  const find = (s: string | null) => (s ? pairs.find((p) => streamSymbol(p) === streamSymbol(s)) : undefined);
  return find(requested) ?? find(remembered) ?? pairs[0];
}

export interface DepthState {
  view: BookView;
  seq: number | null;
  status: 'loading' | 'ready' | 'error';
  resyncing: boolean;
}

/**
 * The live book of one pair: GET /api/market/depth for a first paint, then the socket's
 * DEPTH snapshot and deltas; a gap (prevSeq) subscribes again for a fresh snapshot, and
 * asks again every RESYNC_RETRY_MS until one arrives. Renders at most once per frame.
 */
export function useDepthBook(symbol: string, rows: number): DepthState {
  const book = useRef<Book>(emptyBook());
  const [state, setState] = useState<DepthState>(() => ({ view: bookView(emptyBook(), rows), seq: null, status: 'loading', resyncing: false }));

  useEffect(() => {
    if (!symbol) return;
    let cancelled = false;
    let frame: number | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let failed = false;
    book.current = emptyBook();
    setState({ view: bookView(book.current, rows), seq: null, status: 'loading', resyncing: false });
    const sub = { type: 'depth' as const, symbol };
    const socket = marketSocket();

    const render = () => {
      frame = null;
      if (cancelled) return;
      const b = book.current;
      setState({ view: bookView(b, rows), seq: b.seq, status: b.seq !== null ? 'ready' : failed ? 'error' : 'loading', resyncing: b.resyncing });
    };
    const schedule = () => {
      if (frame !== null) return;
      frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(render) : (setTimeout(render, 16) as unknown as number);
    };
    const askSnapshot = () => {
      socket.resubscribe(sub);
      if (retry) clearTimeout(retry);
      retry = setTimeout(() => {
        retry = null;
        if (!cancelled && book.current.resyncing) askSnapshot();
      }, RESYNC_RETRY_MS);
    };

    getDepth(symbol, Math.max(rows, 20))
      .then((snap) => {
        if (cancelled || !snap) return;
        book.current = applySnapshot(book.current, { seq: Number(snap.seq), bids: snap.bids, asks: snap.asks }, 'rest');
        schedule();
      })
      .catch(() => {
        failed = true;
        schedule();
      });

    const off = socket.on('DEPTH', (message) => {
      if (!message.symbol || streamSymbol(message.symbol) !== streamSymbol(symbol)) return;
      const data = toDepthData(message.data as Record<string, unknown>);
      if (!data) return;
      const { book: next, result } = applyMessage(book.current, data);
      book.current = next;
      if (result === 'resync') askSnapshot();
      if (result === 'snapshot' && retry) {
        clearTimeout(retry);
        retry = null;
      }
      schedule();
    });
    const release = socket.subscribe(sub);

    return () => {
      cancelled = true;
      off();
      release();
      if (retry) clearTimeout(retry);
      if (frame !== null) {
        if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
        clearTimeout(frame as unknown as ReturnType<typeof setTimeout>);
      }
    };
  }, [symbol, rows]);

  return state;
}

export interface PublicTrade {
  key: string;
  price: string;
  vol: string;
  side: Side | null;
  ts: number;
}

export const RECENT_TRADES = 30;

/** A pair's trades, newest first: the server's tape when the pair opens, then TRADE frames (origin "spot") live. */
export function useRecentTrades(symbol: string): PublicTrade[] {
  const [live, setLive] = useState<PublicTrade[]>([]);
  const seq = useRef(0);
  useEffect(() => setLive([]), [symbol]);
  const tape = useQuery({
    queryKey: [...SPOT_KEY, 'tape', symbol],
    queryFn: () => getRecentTrades(symbol, RECENT_TRADES),
    enabled: Boolean(symbol),
    staleTime: Infinity,
  });
  useSocketSubscription(symbol ? 'trade' : null, symbol);
  useSocketListener('TRADE', (message) => {
    if (message.origin !== 'spot' || !message.symbol || streamSymbol(message.symbol) !== streamSymbol(symbol)) return;
    const d = message.data;
    const price = typeof d.price === 'string' ? d.price : d.price !== undefined ? String(d.price) : null;
    const vol = typeof d.vol === 'string' ? d.vol : d.vol !== undefined ? String(d.vol) : null;
    if (!price || !vol) return;
    seq.current += 1;
    const side: Side | null = d.side === 'buy' || d.side === 'sell' ? d.side : null;
    const ts = Number(d.ts) || Date.now();
    setLive((prev) => [{ key: `${ts}-${seq.current}`, price, vol, side, ts }, ...prev].slice(0, RECENT_TRADES));
  });
  return useMemo(() => mergeTape(live, tape.data ?? []), [live, tape.data]);
}

/**
 * Live trades over the tape loaded at open, newest first, at most
 * RECENT_TRADES. A frame that arrived while the tape was loading may be in
 * both: tape rows at or after the oldest live trade's time are left out.
 */
export function mergeTape(live: PublicTrade[], tape: TapeTrade[]): PublicTrade[] {
  const oldestLive = live.length ? live[live.length - 1].ts : Infinity;
  const older = tape
    .filter((t) => t.ts < oldestLive)
    .map((t) => ({ key: `tape-${t.id}`, price: t.price, vol: t.vol, side: t.side === 'buy' || t.side === 'sell' ? (t.side as Side) : null, ts: t.ts }));
  return [...live, ...older].slice(0, RECENT_TRADES);
}

/**
 * The caller's ORDER stream (subscribed with the session token): every change of one of
 * their orders refreshes the order lists, trade history and balances (debounced).
 */
export function useOrderStream(onOrder?: (data: Record<string, unknown>) => void): void {
  const token = useSession((s) => s.token);
  const isSign = useSession((s) => s.isSign);
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useSocketSubscription(isSign && token ? 'orders' : null, undefined, undefined, token || undefined);
  useSocketListener('ORDER', (message) => {
    onOrder?.(message.data as Record<string, unknown>);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void qc.invalidateQueries({ queryKey: SPOT_KEY });
      void qc.invalidateQueries({ queryKey: BALANCE_KEY });
    }, 250);
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}

/** After a submit or cancel: orders, trades and balances reload now. */
export function useRefreshSpot() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: SPOT_KEY }), qc.invalidateQueries({ queryKey: BALANCE_KEY })]);
}
