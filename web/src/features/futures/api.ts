/**
 * Futures calls and shapes (docs/api.md "Futures", decision 0023). Amounts,
 * prices and rates are decimal strings; times are epoch milliseconds.
 */
import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { components } from '@/shared/api/schema';
import type { Page } from '@/shared/api/types';

type Schemas = components['schemas'];

/** A position as the server values it at its mark (`PositionView`). */
export type ContractPosition = Schemas['PositionView'];

/** A futures order (`FuturesOrderView`). */
export type ContractOrder = Schemas['FuturesOrderView'];

/** A take-profit or stop-loss on a position (`StopView`). */
export type ContractStop = Schemas['StopView'];

/** A contract's funding (`FundingInfo`). */
export type Funding = Schemas['FundingInfo'];

/** What an order would cost and open (`Preview`). */
export type Preview = Schemas['Preview'];

/** An order's body, also the preview's query (`FuturesSubmitBody`). */
export type OrderInput = Schemas['FuturesSubmitBody'];

/** The placed order and the position it opened or changed (`SubmitReply`). */
export type SubmitReply = Schemas['SubmitReply'];

const quiet = { silent: true };

export async function getFunding(symbol: string): Promise<Funding> {
  return (await api.get<Funding>('/api/contract/funding', { symbol }, quiet)).data;
}

export async function getPreview(input: OrderInput): Promise<Preview> {
  return (await api.get<Preview>('/api/contract/order/preview', { ...input }, quiet)).data;
}

export async function submitOrder(input: OrderInput, key: string): Promise<SubmitReply> {
  return (await api.postJson<SubmitReply>('/api/contract/order/submit', input, { headers: idempotencyHeaders(key) })).data;
}

export async function getPositions(status: 0 | 1, pageNum = 1, pageSize = 20): Promise<Page<ContractPosition>> {
  return (await api.get<Page<ContractPosition>>('/api/contract/position/list', { status, pageNum, pageSize }, quiet)).data;
}

export async function getOrders(status: 0 | 1 | 3, pageNum = 1, pageSize = 20): Promise<Page<ContractOrder>> {
  return (await api.get<Page<ContractOrder>>('/api/contract/order/list', { status, pageNum, pageSize }, quiet)).data;
}

export async function cancelOrder(id: number): Promise<ContractOrder> {
  return (await api.postQuery<ContractOrder>('/api/contract/order/canCelOrder', { id })).data;
}

/** Closes `num` whole contracts of a position, or all of it. */
export async function closePosition(id: number, num: string | null, key: string): Promise<ContractPosition> {
  const params = num === null ? { id } : { id, num };
  return (await api.postQuery<ContractPosition>('/api/contract/position/stopOrder', params, { headers: idempotencyHeaders(key) })).data;
}

export async function adjustMargin(id: number, money: string, add: boolean, key: string): Promise<ContractPosition> {
  return (await api.postQuery<ContractPosition>('/api/contract/position/adjustAmount', { id, money, flag: add ? '0' : '1' }, { headers: idempotencyHeaders(key) }))
    .data;
}

export interface StopInput {
  positionId: number;
  takeProfit: boolean;
  trigger: string;
  size: string;
  /** The limit price; market execution when null. */
  limit: string | null;
}

/** The spec's TP/SL body: `earn…` for a take-profit, `lose…` for a stop-loss. */
export function stopBody(s: StopInput): Schemas['FuturesStopBody'] {
  const delegateType = s.limit === null ? 1 : 0;
  return s.takeProfit
    ? { positionId: s.positionId, lossType: 0, delegateType, earnPrice: s.trigger, earnNumber: s.size, ...(s.limit === null ? {} : { earnDelegatePrice: s.limit }) }
    : { positionId: s.positionId, lossType: 1, delegateType, losePrice: s.trigger, loseNumber: s.size, ...(s.limit === null ? {} : { loseDelegatePrice: s.limit }) };
}

export async function setStop(s: StopInput): Promise<ContractStop> {
  return (await api.postJson<ContractStop>('/api/contract/loss/sett', stopBody(s))).data;
}

export async function getStops(): Promise<Page<ContractStop>> {
  return (await api.postQuery<Page<ContractStop>>('/api/contract/loss/list', { pageNum: 1, pageSize: 100 }, quiet)).data;
}

export async function cancelStop(id: number): Promise<ContractStop> {
  return (await api.postQuery<ContractStop>('/api/contract/loss/cancel', { id })).data;
}
