import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { components } from '@/shared/api/schema';

export type DustList = components['schemas']['DustList'];
export type DustItem = components['schemas']['DustItem'];
export type DustConversion = components['schemas']['DustConversion'];

export const DUST_KEY = ['wallet', 'dust'] as const;

/** GET /api/asset/dust: spot balances too small for any sell of their pair. */
export async function getDust(): Promise<DustList> {
  return (await api.get<DustList>('/api/asset/dust', undefined, { silent: true })).data;
}

/** POST /api/asset/convertDust (idempotent): every dust balance into USDT. */
export async function convertDust(key: string): Promise<DustConversion> {
  return (await api.postQuery<DustConversion>('/api/asset/convertDust', undefined, { headers: idempotencyHeaders(key), silent: true })).data;
}
