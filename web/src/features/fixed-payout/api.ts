/**
 * Second-contract calls and shapes (docs/api.md "Second contracts", decision 0021).
 * Amounts, prices and rates are decimal strings; times are epoch milliseconds.
 */
import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { Page } from '@/shared/api/types';

/** A period on offer for one coin, with the figures its disclosure shows (rates are fractions of one). */
export interface Period {
  id: number;
  /** The coin's id in getCoinList's coinList. */
  secondId: number;
  /** Seconds. */
  period: number;
  /** Paid per unit staked on a win, on top of the stake ("0.12" = 12 %). */
  odds: string;
  minAmount: string;
  maxAmount: string;
  /** 1 offered, 2 switched off. */
  status: number;
  /** A loss takes the whole stake. */
  flag: boolean;
  /** Taken per unit staked on a loss: 1, or the odds. */
  lossRate: string;
  /** The win rate at which the expected result is zero. */
  breakEvenWinRate: string;
  /** Kept by the house per unit staked when half the orders win. */
  houseEdge: string;
}

export interface Disclosure {
  /** The version in force. */
  version: number;
  accepted: boolean;
  acceptedAt?: number | null;
}

/** 1 win, 2 lose, 3 draw, 4 void; 0 while open. */
export type OpenResult = 0 | 1 | 2 | 3 | 4;

export interface SecondOrder {
  id: number;
  orderNo: string;
  symbol: string;
  coinSymbol: string;
  baseSymbol: string;
  /** The period in seconds. */
  type: number;
  /** "1" up, "0" down. */
  betContent: string;
  direction: 'up' | 'down' | string;
  betAmount: string;
  /** Paid back in total, the stake included ("0" while open). */
  rewardAmount: string;
  openPrice: string;
  /** Null while open and when void. */
  closePrice?: string | null;
  openTime: number;
  closeTime: number;
  openTickTime: number;
  openSource: string;
  closeTickTime?: number | null;
  closeSource?: string | null;
  openResult: OpenResult | number;
  /** 0 open, 1 settled. */
  status: number;
  /** The odds the order opened on. */
  rate: string;
  /** A loss takes the whole stake. */
  rateFlag: boolean;
  /** An option's fee, taken when it was placed (second contracts have none). */
  feeAmount?: string;
  /** Seconds left while open (rounded up), else 0. */
  time: number;
}

export type Direction = 'up' | 'down';

export interface PlaceInput {
  betContent: '1' | '0';
  betAmount: string;
  periodId: number;
  symbol: string;
  coinSymbol: string;
  baseSymbol: 'usdt';
}

/** Orders are refused with this code until the disclosure in force is acknowledged. */
export const DISCLOSURE_REQUIRED = -6005;

/** POST /api/period/list {secondId}: the coin's periods on offer (public). */
export async function getPeriods(secondId: number): Promise<Period[]> {
  return (await api.postJson<Period[]>('/api/period/list', { secondId }, { silent: true })).data ?? [];
}

/** GET /api/secondContractOrder/disclosure (signed in). */
export async function getDisclosure(): Promise<Disclosure> {
  return (await api.get<Disclosure>('/api/secondContractOrder/disclosure', undefined, { silent: true })).data;
}

/** POST /api/secondContractOrder/disclosure {version}: records the acknowledgement. Errors are shown by the sheet. */
export async function acceptDisclosure(version: number): Promise<Disclosure> {
  return (await api.postJson<Disclosure>('/api/secondContractOrder/disclosure', { version }, { silent: true })).data;
}

/** POST /api/secondContractOrder/createSecondContractOrder (JSON, idempotent). Errors are shown by the form. */
export async function placeOrder(input: PlaceInput, key: string): Promise<SecondOrder> {
  return (await api.postJson<SecondOrder>('/api/secondContractOrder/createSecondContractOrder', input, { headers: idempotencyHeaders(key), silent: true })).data;
}

/** POST /api/secondContractOrder/selectOrderList {status}: up to 100 orders, newest first. */
export async function getOrders(status: 0 | 1): Promise<SecondOrder[]> {
  return (await api.postJson<SecondOrder[]>('/api/secondContractOrder/selectOrderList', { status }, { silent: true })).data ?? [];
}

/** GET /api/record/second ?pageNum&pageSize: settled orders, newest first. */
export async function getHistory(pageNum: number, pageSize: number): Promise<Page<SecondOrder>> {
  return (await api.get<Page<SecondOrder>>('/api/record/second', { pageNum, pageSize }, { silent: true })).data ?? { rows: [], total: 0 };
}
