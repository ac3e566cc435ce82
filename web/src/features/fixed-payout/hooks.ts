import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCoinList, streamSymbol, type CoinItem } from '@/features/market';
import { useSession } from '@/shared/session/session-store';
import { marketSocket } from '@/shared/socket/socket-client';
import { useSocketSubscription } from '@/shared/socket/use-socket';
import { STORAGE_PREFIX } from '@/shared/storage/storage';
import { BALANCE_KEY } from '@/features/wallet';
import { getPeriods, type SecondOrder } from './api';
import { clockSkew } from './lib/contract-math';
import { keysOf, SECOND_SOURCE, type ContractSource } from './source';

/** Every second-contract query lives under this key. */
export const SC_KEY = ['secondContracts'] as const;
export const OPEN_KEY = [...SC_KEY, 'orders', 'open'] as const;
export const SETTLED_KEY = [...SC_KEY, 'orders', 'settled'] as const;
export const HISTORY_KEY = [...SC_KEY, 'history'] as const;
export const DISCLOSURE_KEY = [...SC_KEY, 'disclosure'] as const;

/** Open orders are read again this long after the first of them closes (settlement takes a few hundred ms)… */
export const AFTER_CLOSE_MS = 350;
/** …then every second until it is settled; with nothing due, at most this often. */
export const DUE_POLL_MS = 1_000;
export const IDLE_POLL_MS = 30_000;

const SYMBOL_STORAGE = `${STORAGE_PREFIX}secondContractSymbol`;

/** A coin of getCoinList's coinList: its `id` is the periods' `secondId`. */
export interface SecondCoin extends CoinItem {
  id: number;
}

export function useSecondCoins() {
  const coins = useCoinList();
  const list = useMemo(
    () => (coins.data?.coinList ?? []).filter((c): c is SecondCoin => !!c && !!c.coin && c.id !== undefined && c.id !== null && Number.isFinite(Number(c.id))),
    [coins.data],
  );
  return { coins: list, isLoading: coins.isLoading, isError: coins.isError, refetch: coins.refetch };
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

/** The coin to show: ?symbol= (btcusdt or btc), else the remembered one, else the first. */
export function pickCoin(coins: SecondCoin[], requested: string | null, remembered: string | null): SecondCoin | undefined {
  const find = (s: string | null) => {
    if (!s) return undefined;
    const key = streamSymbol(s);
    return coins.find((c) => streamSymbol(c) === key) ?? coins.find((c) => c.coin.toLowerCase() === key);
  };
  return find(requested) ?? find(remembered) ?? coins[0];
}

export function usePeriods(coinId: number | undefined) {
  return useQuery({
    queryKey: [...SC_KEY, 'periods', coinId],
    queryFn: () => getPeriods(Number(coinId)),
    enabled: coinId !== undefined,
    staleTime: 30_000,
  });
}

export function useDisclosure(isSign: boolean, source: ContractSource = SECOND_SOURCE) {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: [...keysOf(source).disclosure, token], queryFn: () => source.getDisclosure(), enabled: isSign && !!token, staleTime: 60_000 });
}

/**
 * The caller's open orders. Read again shortly after the earliest close, then
 * every second while one is due (until it is settled), else every 30 s (orders
 * placed elsewhere). `skew` is the server clock's lead over this one (ms).
 */
export function useOpenOrders(isSign: boolean, skew: RefObject<number>, source: ContractSource = SECOND_SOURCE) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...keysOf(source).open, token],
    queryFn: () => source.getOrders(0),
    enabled: isSign && !!token,
    refetchInterval: (query) => {
      const list = query.state.data;
      if (!list?.length) return IDLE_POLL_MS;
      const serverNow = Date.now() + (skew.current ?? 0);
      const next = Math.min(...list.map((o) => o.closeTime));
      const wait = next - serverNow;
      return wait <= 0 ? DUE_POLL_MS : Math.min(IDLE_POLL_MS, Math.max(DUE_POLL_MS, wait + AFTER_CLOSE_MS));
    },
    refetchIntervalInBackground: false,
  });
}

/** The server clock's lead over this one (ms), learnt from the open orders (and a new order) as they arrive. */
export function useClockSkew() {
  const skew = useRef(0);
  const [value, setValue] = useState(0);
  const learn = useCallback((orders: SecondOrder[] | undefined, receivedAt: number) => {
    for (const o of orders ?? []) {
      const s = clockSkew(o, receivedAt);
      if (s !== null) {
        skew.current = s;
        setValue(s);
        return;
      }
    }
  }, []);
  return { skew, value, learn };
}

/** The time now on the server's clock, ticking every `everyMs` while `active`. */
export function useServerNow(skew: number, active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now + skew;
}

/**
 * Settlements of the caller's orders, in the order they happened, each once:
 * an order that left the open list is looked up in the settled list; a SECOND
 * message on the socket (the `orders` subscription) brings one directly. Both
 * refresh the lists and the balance.
 */
export function useSettlements(isSign: boolean, open: SecondOrder[] | undefined, source: ContractSource = SECOND_SOURCE) {
  const qc = useQueryClient();
  const keys = useMemo(() => keysOf(source), [source]);
  const token = useSession((s) => s.token);
  const known = useRef<Set<number> | null>(null);
  const shown = useRef(new Set<number>());
  const [pending, setPending] = useState<number[]>([]);
  const [queue, setQueue] = useState<SecondOrder[]>([]);

  const refreshAll = useCallback(() => {
    void qc.invalidateQueries({ queryKey: keys.orders });
    void qc.invalidateQueries({ queryKey: keys.history });
    void qc.invalidateQueries({ queryKey: BALANCE_KEY });
  }, [qc, keys.orders, keys.history]);

  const enqueue = useCallback((order: SecondOrder) => {
    if (shown.current.has(order.id)) return;
    shown.current.add(order.id);
    setQueue((q) => [...q, order]);
  }, []);

  // Orders that left the open list settled: find them in the settled list.
  useEffect(() => {
    if (!open) return;
    const ids = new Set(open.map((o) => o.id));
    const before = known.current;
    known.current = ids;
    if (!before) return;
    const gone = [...before].filter((id) => !ids.has(id) && !shown.current.has(id));
    if (!gone.length) return;
    setPending((p) => [...p, ...gone.filter((id) => !p.includes(id))]);
    refreshAll();
  }, [open, refreshAll]);

  const settled = useQuery({ queryKey: [...keys.settled, token], queryFn: () => source.getOrders(1), enabled: isSign && !!token && pending.length > 0 });
  const { refetch: refetchSettled, isFetching: settledFetching } = settled;
  useEffect(() => {
    if (!pending.length || !settled.data) return;
    const found = settled.data.filter((o) => pending.includes(o.id) && Number(o.status) === 1).sort((a, b) => a.closeTime - b.closeTime || a.id - b.id);
    if (found.length) {
      for (const o of found) enqueue(o);
      setPending((p) => p.filter((id) => !found.some((o) => o.id === id)));
    }
  }, [pending, settled.data, enqueue]);
  // Not in the settled list yet: ask again in a second.
  useEffect(() => {
    if (!pending.length || settledFetching || !settled.data) return;
    if (pending.every((id) => settled.data!.some((o) => o.id === id))) return;
    const timer = setTimeout(() => void refetchSettled(), DUE_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, settled.data, settledFetching, refetchSettled]);

  // The product's message (SECOND, OPTION) on the caller's orders stream.
  useSocketSubscription(isSign && token ? 'orders' : null, undefined, undefined, token || undefined);
  useEffect(() => {
    if (!isSign) return;
    return marketSocket().on(source.socketType, (message) => {
      const order = source.fromMessage(message.data);
      if (!order || Number(order.status) !== 1) return;
      known.current?.delete(order.id);
      setPending((p) => p.filter((id) => id !== order.id));
      enqueue(order);
      refreshAll();
    });
  }, [isSign, enqueue, refreshAll, source]);

  /** A new order counts as seen open at once: its settlement shows even if it ends before the open list is read again. */
  const watch = useCallback((order: SecondOrder) => {
    if (!known.current) known.current = new Set();
    known.current.add(order.id);
  }, []);

  const dismiss = useCallback(() => setQueue((q) => q.slice(1)), []);
  return { current: queue[0] ?? null, more: Math.max(0, queue.length - 1), dismiss, watch };
}
