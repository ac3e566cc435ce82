/**
 * Where a fixed-payout screen's orders come from and go to. Second contracts
 * (/flash) and options (/flashOption) share the form, the order lists, the
 * settlement watch and the result sheet; each product hands them its calls
 * and its socket message through one of these.
 */
import type { Page } from '@/shared/api/types';
import { acceptDisclosure, getDisclosure, getHistory, getOrders, placeOrder, type Direction, type Disclosure, type Period, type SecondOrder } from './api';

export interface ContractSource {
  /** The root of the product's query keys. */
  root: readonly string[];
  /** The socket message a settlement arrives as (on the `orders` subscription). */
  socketType: string;
  getOrders(status: 0 | 1): Promise<SecondOrder[]>;
  getHistory(pageNum: number, pageSize: number): Promise<Page<SecondOrder>>;
  getDisclosure(): Promise<Disclosure>;
  acceptDisclosure(version: number): Promise<Disclosure>;
  /** Places an order; `request` is what the idempotency key is bound to. */
  place(request: PlaceRequest, key: string): Promise<SecondOrder>;
  /** A settlement message's order in the shared shape (null when it is not one). */
  fromMessage(data: unknown): SecondOrder | null;
}

export interface PlaceRequest {
  direction: Direction;
  betAmount: string;
  period: Period;
  /** The coin's stream symbol (btcusdt) and name (btc). */
  symbol: string;
  coin: string;
}

export function keysOf(source: ContractSource) {
  return {
    open: [...source.root, 'orders', 'open'] as const,
    settled: [...source.root, 'orders', 'settled'] as const,
    orders: [...source.root, 'orders'] as const,
    history: [...source.root, 'history'] as const,
    disclosure: [...source.root, 'disclosure'] as const,
  };
}

export const SECOND_SOURCE: ContractSource = {
  root: ['secondContracts'],
  socketType: 'SECOND',
  getOrders,
  getHistory,
  getDisclosure,
  acceptDisclosure,
  place: (r, key) =>
    placeOrder(
      {
        betContent: r.direction === 'up' ? '1' : '0',
        betAmount: r.betAmount,
        periodId: r.period.id,
        symbol: r.symbol,
        coinSymbol: r.coin,
        baseSymbol: 'usdt',
      },
      key,
    ),
  fromMessage: (data) => {
    const order = data as SecondOrder | null;
    return order && typeof order.id === 'number' ? order : null;
  },
};
