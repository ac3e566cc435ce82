// The house page's data: each product's own house book (GET
// /api/admin/{futures,second-contracts,options,earn}/house, audit readers),
// the fees per product from the dashboard (fund reviewers), the house
// accounts' postings (GET /api/admin/house/postings), and the check of a
// finance-house funding before it is sent. Amounts stay decimal strings;
// totals are summed with decimal.js.
import Decimal from 'decimal.js';
import type { components } from '@/shared/api/schema';
import type { ConsoleKey } from '../../keys';

export type FuturesHouse = components['schemas']['HouseView'];
export type ContractBook = components['schemas']['ContractBook'];
export type SecondHouse = components['schemas']['HouseBook'];
export type OptionHouse = components['schemas']['OptionHouseBook'];
export type EarnHouseCoin = components['schemas']['HouseCoin'];
export type HousePosting = components['schemas']['UserPosting'];
export type ProductFees = components['schemas']['ProductFees'];

/** The books of the page, as the postings filter names them. */
export const BOOKS = ['futures', 'insurance', 'secondContracts', 'options', 'earn'] as const;
export type Book = (typeof BOOKS)[number];

/** The ledger's system account behind each book (crates/server/src/house_ledger.rs). */
export const BOOK_ACCOUNT: Record<Book, string> = {
  futures: 'house_futures',
  insurance: 'insurance',
  secondContracts: 'house_second_contract',
  options: 'house_option',
  earn: 'house_finance',
};

export const bookOfAccount = (account: string): Book | null => BOOKS.find((b) => BOOK_ACCOUNT[b] === account) ?? null;

export const houseKeys = {
  futures: ['console', 'house', 'futures'] as const,
  secondContracts: ['console', 'house', 'secondContracts'] as const,
  options: ['console', 'house', 'options'] as const,
  earn: ['console', 'house', 'earn'] as const,
  postings: ['console', 'house', 'postings'] as const,
};

export const houseUrls = {
  futures: '/api/admin/futures/house',
  secondContracts: '/api/admin/second-contracts/house',
  options: '/api/admin/options/house',
  earn: '/api/admin/earn/house',
  fund: '/api/admin/earn/house/fund',
  postings: '/api/admin/house/postings',
};

/** Arithmetic wide enough for any ledger amount: the default 20 significant digits would round a sum. */
const D = Decimal.clone({ precision: 64 });

/** The sum of decimal strings (missing ones count as nothing), as a string. */
export function sum(values: (string | null | undefined)[]): string {
  let total = new D(0);
  for (const v of values) {
    if (v === null || v === undefined || v === '') continue;
    try {
      total = total.plus(v);
    } catch {
      // Not a number: not the server's decimal text; left out rather than guessed.
    }
  }
  return total.toFixed();
}

/** The fees a product took (all time and today), per asset, from the dashboard's fee rows. */
export function feesOf(products: ProductFees[] | null | undefined, product: string): { asset: string; allTime: string; today: string }[] {
  const p = (products ?? []).find((x) => x.product === product);
  if (!p) return [];
  const assets = [...new Set([...p.allTime.map((a) => a.asset), ...p.today.map((a) => a.asset)])].sort();
  return assets.map((asset) => ({
    asset,
    allTime: p.allTime.find((a) => a.asset === asset)?.amount ?? '0',
    today: p.today.find((a) => a.asset === asset)?.amount ?? '0',
  }));
}

/** Most decimals the ledger keeps (crates/kernel/src/money.rs LEDGER_DP): the fund call refuses more. */
export const LEDGER_DP = 8;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** What is wrong with a funding's amount, as a locale key with its values; null when it may be sent. */
export function fundAmountError(raw: string): { key: ConsoleKey; params?: Record<string, number> } | null {
  const s = raw.trim();
  if (s === '') return { key: 'house.fund.error.amountRequired' };
  if (!PLAIN_DECIMAL.test(s)) return { key: 'house.fund.error.amountFormat' };
  const fraction = (s.split('.')[1] ?? '').replace(/0+$/, '');
  if (fraction.length > LEDGER_DP) return { key: 'house.fund.error.amountDp', params: { dp: LEDGER_DP } };
  if (new D(s).lte(0)) return { key: 'house.fund.error.amountPositive' };
  return null;
}

/** What is wrong with a funding's coin; null when it may be sent. */
export function fundCoinError(raw: string): { key: ConsoleKey } | null {
  const s = raw.trim();
  if (s === '') return { key: 'house.fund.error.coinRequired' };
  if (!/^[A-Za-z0-9]{1,16}$/.test(s)) return { key: 'house.fund.error.coinFormat' };
  return null;
}
