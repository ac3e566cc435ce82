/**
 * Second-contract calls and shapes (docs/api.md "Second contracts", decision 0021).
 * Amounts, prices and rates are decimal strings; times are epoch milliseconds.
 */
import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { components } from '@/shared/api/schema';
import type { Page } from '@/shared/api/types';

type Schemas = components['schemas'];

/** A period on offer for one coin, with the figures its disclosure shows (`PeriodView`; rates are fractions of one). */
export type Period = Schemas['PeriodView'];

/** The disclosure in force and whether the caller acknowledged it (`DisclosureView`). */
export type Disclosure = Schemas['DisclosureView'];

/** 1 win, 2 lose, 3 draw, 4 void; 0 while open. */
export type OpenResult = 0 | 1 | 2 | 3 | 4;

/**
 * An order in the shape the shared screens read: a second contract's
 * (`SecondContractOrderView`), plus an option's fee, taken when it was placed
 * (second contracts have none).
 */
export type SecondOrder = Schemas['SecondContractOrderView'] & { feeAmount?: string };

export type Direction = 'up' | 'down';

/** The body of an order (`PlaceBody`). */
export type PlaceInput = Schemas['PlaceBody'];

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
