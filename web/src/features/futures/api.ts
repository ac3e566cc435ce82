/**
 * Futures calls and shapes (docs/api.md "Futures", decision 0023). Amounts,
 * prices and rates are decimal strings; times are epoch milliseconds.
 */
import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { Page } from '@/shared/api/types';

/** A position as the server values it at its mark. */
export interface ContractPosition {
  id: number;
  symbol: string;
  coin: string;
  /** 0 long, 1 short. */
  type: number;
  leverage: number;
  /** Size in the coin. */
  openNum: string;
  openPrice: string;
  markPrice: string | null;
  markTime: number | null;
  markSource: string | null;
  unrealisedPnl: string | null;
  /** A fraction of the initial margin. */
  roe: string | null;
  /** Initial margin. */
  amount: string;
  /** Margin now. */
  adjustAmount: string;
  /** Liquidation price. */
  closePrice: string | null;
  /** Maintenance over equity: liquidation at 1. */
  marginRatio: string | null;
  earn: string;
  fees: string;
  funding: string;
  dealPrice: string | null;
  /** 0 open, 1 closed, 2 liquidated. */
  status: number;
  createTime: number;
  updateTime: number;
  dealTime: number | null;
}

export interface ContractOrder {
  id: number;
  orderNo: string;
  symbol: string;
  coin: string;
  /** 0 long, 1 short. */
  type: number;
  /** 0 limit, 1 market. */
  delegateType: number;
  /** 0 waiting, 1 filled, 3 cancelled. */
  status: number;
  reduceOnly: boolean;
  leverage: number;
  delegateTotal: string;
  delegateNum: string;
  delegatePrice: string | null;
  delegateValue: string | null;
  dealNum: string | null;
  dealPrice: string | null;
  dealValue: string | null;
  fee: string;
  margin: string;
  positionId: number | null;
  reason: string | null;
  delegateTime: number;
  dealTime: number | null;
  createTime: number;
}

export interface ContractStop {
  id: number;
  positionId: number;
  /** 0 take-profit, 1 stop-loss. */
  lossType: number;
  /** 1 market, 0 limit. */
  delegateType: number;
  earnPrice: string | null;
  earnNumber: string | null;
  losePrice: string | null;
  loseNumber: string | null;
  earnDelegatePrice: string | null;
  loseDelegatePrice: string | null;
  status: number;
  coin: string;
  triggerSource: string;
  createTime: number;
}

export interface Funding {
  symbol: string;
  predictedRate: string | null;
  nextFundingTime: number;
  intervalHours: number;
  interest: string;
  skewFactor: string;
  cap: string;
  lastFundingTime: number;
}

export interface Preview {
  symbol: string;
  markPrice: string | null;
  markTime: number | null;
  fillPrice: string | null;
  contracts: string;
  qty: string;
  notional: string | null;
  margin: string | null;
  fee: string | null;
  liquidationPrice: string | null;
  maxContracts: string;
  available: string;
  spread: string;
  openFee: string;
  closeFee: string;
  shareNumber: string;
  minShare: string;
  maxShare: string;
  maxLeverage: number;
}

export interface OrderInput {
  symbol: string;
  leverage: number;
  /** 0 long, 1 short. */
  type: 0 | 1;
  /** 1 market, 0 limit. */
  delegateType: 0 | 1;
  delegateTotal: string;
  delegatePrice: string;
}

export interface SubmitReply {
  order: ContractOrder;
  position: ContractPosition | null;
}

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
export function stopBody(s: StopInput): Record<string, unknown> {
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
