// GET /api/admin/dashboard (crates/server/src/dashboard.rs), read
// tolerantly: parts are null for an operator who may not see them (fees and
// house need ReviewFunds; the audit report needs ReadAudit), and a product's
// figures are shown with whatever columns its book has.

import type { components } from '@/shared/api/schema';

type S = components['schemas'];

/** Amounts are decimal strings. */
export type AssetAmount = S['AssetAmount'];
export type CountAndSums = S['CountAndSums'];
/** A stored audit run (crates/server/src/audit_runs.rs AuditRunView). */
export type AuditRun = S['AuditRunView'];
export type Feed = S['PriceFeed'];
export type ProductFees = S['ProductFees'];
export type Dashboard = S['Dashboard'];

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Today's count and per-coin sums, under the names the server uses. */
export function todayMoney(today: Dashboard['today'], kind: 'deposits' | 'withdrawals'): { count: number; sums: AssetAmount[] } | null {
  if (!today) return null;
  const o = today as Obj;
  const v = (kind === 'deposits' ? (o.depositsConfirmed ?? o.deposits) : (o.withdrawalsApproved ?? o.withdrawals)) as Obj | null | undefined;
  if (!isObj(v)) return null;
  const list = (Array.isArray(v.sums) ? v.sums : Array.isArray(v.byCoin) ? v.byCoin : []) as Obj[];
  return {
    count: Number(v.count ?? 0),
    sums: list.filter(isObj).map((s) => ({ asset: String(s.asset ?? s.coin ?? ''), amount: String(s.amount ?? '') })),
  };
}

export interface FeeRow {
  product: string;
  asset: string;
  today: string | null;
  allTime: string | null;
}

/** One row per product and asset, today's and all-time fees side by side. */
export function feeRows(fees: Dashboard['fees']): FeeRow[] {
  const rows: FeeRow[] = [];
  for (const p of fees?.products ?? []) {
    const byAsset = new Map<string, FeeRow>();
    const row = (asset: string) => {
      let r = byAsset.get(asset);
      if (!r) {
        r = { product: p.product, asset, today: null, allTime: null };
        byAsset.set(asset, r);
      }
      return r;
    };
    for (const a of p.allTime ?? []) row(a.asset).allTime = a.amount;
    for (const a of p.today ?? []) row(a.asset).today = a.amount;
    rows.push(...[...byAsset.values()].sort((x, y) => x.asset.localeCompare(y.asset)));
  }
  return rows;
}

export interface GenericTable {
  columns: string[];
  rows: Obj[];
}

/** The columns of a product's book in a useful order; columns the console does not know go last. */
const COLUMN_ORDER: Record<string, string[]> = {
  futures: [
    'symbol',
    'longQty',
    'shortQty',
    'houseNetQty',
    'markPrice',
    'netNotional',
    'maxNetOi',
    'openPositions',
    'waitingOrders',
    'houseRealised',
    'houseUnrealised',
    'fundingToHouse',
  ],
  options: ['coin', 'openOrders', 'openStake', 'settledOrders', 'wins', 'losses', 'refunds', 'staked', 'paidOut', 'houseResult', 'fees'],
  secondContracts: ['coin', 'openOrders', 'openStake', 'settledOrders', 'wins', 'losses', 'refunds', 'staked', 'paidOut', 'houseResult'],
  earn: ['coin', 'balance', 'reserved', 'free', 'interestPaid', 'penalties', 'earningPrincipal', 'earningOrders'],
};

const HIDDEN = new Set(['contractId']);

export function tableOf(product: string, rows: Obj[]): GenericTable {
  const order = COLUMN_ORDER[product] ?? [];
  const seen: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!seen.includes(k) && !HIDDEN.has(k) && !isObj(r[k]) && !Array.isArray(r[k])) seen.push(k);
  const known = order.filter((k) => seen.includes(k));
  return { columns: [...known, ...seen.filter((k) => !known.includes(k))], rows };
}

export interface HouseSection {
  product: 'futures' | 'options' | 'secondContracts' | 'earn';
  /** Ledger balances of the product's house: [label key, amount]. */
  balances: [string, string][];
  table: GenericTable;
}

/** Each product house's book, and the insurance fund per asset. */
export function houseSections(house: Dashboard['house']): { sections: HouseSection[]; insurance: AssetAmount[] } {
  const sections: HouseSection[] = [];
  if (!house) return { sections, insurance: [] };
  if (house.futures) {
    const balances: [string, string][] = [];
    if (house.futures.houseBalance !== undefined) balances.push(['houseBalance', house.futures.houseBalance]);
    if (house.futures.insuranceBalance !== undefined) balances.push(['insuranceBalance', house.futures.insuranceBalance]);
    sections.push({ product: 'futures', balances, table: tableOf('futures', house.futures.contracts ?? []) });
  }
  for (const product of ['options', 'secondContracts'] as const) {
    const book = house[product];
    if (!book) continue;
    sections.push({
      product,
      balances: book.houseBalance !== undefined ? [['houseBalanceUsdt', book.houseBalance]] : [],
      table: tableOf(product, book.coins ?? []),
    });
  }
  if (house.earn) sections.push({ product: 'earn', balances: [], table: tableOf('earn', house.earn) });
  return { sections, insurance: house.insuranceFund ?? [] };
}

/** "insuranceFund" -> "Insurance fund": a label for a column the console has no text for. */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether a value is a decimal amount or a count (formatted as one). */
export function isDecimalText(v: unknown): boolean {
  return (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) || typeof v === 'number';
}
