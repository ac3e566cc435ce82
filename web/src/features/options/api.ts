/**
 * Option calls and shapes (docs/api.md "Options", decision 0022). Amounts,
 * prices and rates are decimal strings; times are epoch milliseconds.
 * Options send `betContent` "0" for up and "1" for down, the reverse of
 * second contracts; the shared screens read orders in the second-contract
 * shape, so an option order is mapped to it here.
 */
import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { components } from '@/shared/api/schema';
import type { Page } from '@/shared/api/types';
import type { Disclosure, Period, SecondOrder, ContractSource } from '@/features/fixed-payout';

type Schemas = components['schemas'];

/** A period on offer for one option pair, with its cutoff and fee (`OptionPeriodView`). */
export type OptionPeriod = Schemas['OptionPeriodView'];

/** The issue of a period open now, or the next (`IssueView`). */
export type OptionIssue = Schemas['IssueView'];

/** An option order (`OptionOrderView`); `betContent` is "0" up, "1" down. */
export type OptionOrder = Schemas['OptionOrderView'];

/** An option order in the shape the shared screens read. */
export function asShared(o: OptionOrder): SecondOrder {
  return { ...o, baseSymbol: 'usdt', betContent: o.direction === 'up' ? '1' : '0', direction: o.direction };
}

/** An option period as the shared form reads it (the pair's id as the coin's). */
export function asSharedPeriod(p: OptionPeriod): Period {
  return { ...p, secondId: p.optionId };
}

/** POST /api/optionContract/periodList?symbol= (public). */
export async function getOptionPeriods(symbol: string): Promise<OptionPeriod[]> {
  return (await api.postJson<OptionPeriod[]>(`/api/optionContract/periodList?symbol=${encodeURIComponent(symbol)}`, {}, { silent: true })).data ?? [];
}

/** POST /api/optionContract/currentIssue?periodId= (public). */
export async function getCurrentIssue(periodId: number): Promise<OptionIssue> {
  return (await api.postJson<OptionIssue>(`/api/optionContract/currentIssue?periodId=${periodId}`, {}, { silent: true })).data;
}

async function getOptionOrders(status: 0 | 1): Promise<SecondOrder[]> {
  const rows = (await api.postJson<OptionOrder[]>('/api/optionContract/orderList', { isHistory: status }, { silent: true })).data ?? [];
  return rows.map(asShared);
}

async function getOptionHistory(pageNum: number, pageSize: number): Promise<Page<SecondOrder>> {
  const page = (await api.get<Page<OptionOrder>>('/api/record/option', { pageNum, pageSize }, { silent: true })).data ?? { rows: [], total: 0 };
  return { ...page, rows: page.rows.map(asShared) };
}

export const OPTION_SOURCE: ContractSource = {
  root: ['options'],
  socketType: 'OPTION',
  getOrders: getOptionOrders,
  getHistory: getOptionHistory,
  getDisclosure: async () => (await api.get<Disclosure>('/api/optionContract/disclosure', undefined, { silent: true })).data,
  acceptDisclosure: async (version) => (await api.postJson<Disclosure>('/api/optionContract/disclosure', { version }, { silent: true })).data,
  place: async (r, key) => {
    const body: Schemas['OptionPlaceBody'] = { betContent: r.direction === 'up' ? '0' : '1', betAmount: r.betAmount, periodId: r.period.id };
    const order = (await api.postJson<OptionOrder>('/api/optionContract/createOrder', body, { headers: idempotencyHeaders(key), silent: true })).data;
    return asShared(order);
  },
  fromMessage: (data) => {
    const order = data as OptionOrder | null;
    return order && typeof order.id === 'number' ? asShared(order) : null;
  },
};
