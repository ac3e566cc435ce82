/**
 * The buy/sell form's arithmetic and rules, pure and in decimal.js (never floats):
 * the pair's precision, limits, open order types and fee (docs/api.md "Spot trading",
 * the same rules the server's `onyx_kernel::spot::validate` applies).
 *
 * - Quantities (`amount`) have `coinPrecision` decimals, prices and totals `basePrecision`.
 * - Linked values are truncated (rounded down), never rounded up: a computed amount or
 *   total never asks for more than the user has.
 * - Buy limits: `orderMin` .. min(`orderMax`, `buyMax`); sell limits: max(`orderMin`,
 *   `sellMin`, `minSell`) .. `orderMax`.
 * - Each side pays `feeRate` of what it receives, rounded up to 8 decimals.
 */
import Decimal from 'decimal.js';
import { toDecimal, type DecimalInput } from '@/shared/format/number';
import { validateAmount, type AmountCheck, type AmountError } from '@/shared/format/amount';
import type { Level, OrderType, Side, SpotPair, SubmitInput } from './api';

export const FEE_DP = 8;
const DEFAULT_SCALE = 8;
/** The engine's largest price in ticks, quantity in lots, total in tick-lots (`onyx_kernel::orderbook::UNITS_MAX`). */
const UNITS_MAX = new Decimal(2).pow(53);
/** What one order may cost at most (`onyx_kernel::money::VALUE_LIMIT`). */
const VALUE_LIMIT = new Decimal(10).pow(20);

/** `check`, unless its value has more units of `10^-scale` than the engine takes. */
function withinEngine(check: AmountCheck, scale: number): AmountCheck {
  return check.ok && check.value.times(new Decimal(10).pow(scale)).gt(UNITS_MAX) ? { ok: false, error: { kind: 'tooLarge' } } : check;
}

/** 1 on, 0 off; an absent flag does not restrict. */
const on = (flag: unknown) => flag === undefined || flag === null || String(flag) === '1';

export interface PairRules {
  symbol: string;
  /** Upper-case base coin, e.g. BTC. */
  coin: string;
  quote: string;
  coinScale: number;
  baseScale: number;
  buyMin: Decimal;
  buyMax: Decimal | null;
  sellMin: Decimal;
  sellMax: Decimal | null;
  feeRate: Decimal;
  trading: boolean;
  limitBuy: boolean;
  limitSell: boolean;
  marketBuy: boolean;
  marketSell: boolean;
}

function scaleOf(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 18 ? n : DEFAULT_SCALE;
}

function maxOf(...values: (Decimal | null)[]): Decimal {
  return values.reduce<Decimal>((m, v) => (v && v.gt(m) ? v : m), new Decimal(0));
}

function positiveMin(...values: (Decimal | null)[]): Decimal | null {
  const pos = values.filter((v): v is Decimal => !!v && v.gt(0));
  return pos.length ? Decimal.min(...pos) : null;
}

export function pairRules(pair: SpotPair): PairRules {
  const orderMin = toDecimal(pair.orderMin);
  const orderMax = toDecimal(pair.orderMax);
  return {
    symbol: pair.symbol,
    coin: pair.coin.toUpperCase(),
    quote: 'USDT',
    coinScale: scaleOf(pair.coinPrecision),
    baseScale: scaleOf(pair.basePrecision),
    buyMin: maxOf(orderMin),
    buyMax: positiveMin(orderMax, toDecimal(pair.buyMax)),
    sellMin: maxOf(orderMin, toDecimal(pair.sellMin), toDecimal(pair.minSell)),
    sellMax: positiveMin(orderMax),
    feeRate: toDecimal(pair.feeRate) ?? new Decimal(0),
    trading: on(pair.enable) && on(pair.isDeal),
    limitBuy: on(pair.limitedBuy),
    limitSell: on(pair.limitedSell),
    marketBuy: on(pair.marketBuy),
    marketSell: on(pair.marketSell),
  };
}

/** The order types the pair takes on one side, limit first. */
export function openTypes(rules: PairRules, side: Side): OrderType[] {
  const types: OrderType[] = [];
  if (side === 'buy' ? rules.limitBuy : rules.limitSell) types.push('limit');
  if (side === 'buy' ? rules.marketBuy : rules.marketSell) types.push('market');
  return types;
}

const trunc = (d: Decimal, scale: number) => d.toDecimalPlaces(scale, Decimal.ROUND_DOWN);

/** price x amount, truncated to the quote scale; '' when either is not a positive number. */
export function totalFor(price: DecimalInput, amount: DecimalInput, baseScale: number): string {
  const p = toDecimal(price);
  const a = toDecimal(amount);
  if (!p || !a || p.lte(0) || a.lte(0)) return '';
  return trunc(p.times(a), baseScale).toFixed();
}

/** total / price, truncated to the quantity scale; '' when either is not a positive number. */
export function amountFor(price: DecimalInput, total: DecimalInput, coinScale: number): string {
  const p = toDecimal(price);
  const t = toDecimal(total);
  if (!p || !t || p.lte(0) || t.lte(0)) return '';
  return trunc(t.div(p), coinScale).toFixed();
}

/** `d` in whole units of `10^-dp`, cut toward zero (exact: the digits, never a float). */
function toUnits(d: Decimal, dp: number): bigint {
  return BigInt(d.toFixed(dp, Decimal.ROUND_DOWN).replace('.', ''));
}

/** `n` units of `10^-dp` as a Decimal. */
function fromUnits(n: bigint, dp: number): Decimal {
  if (dp === 0) return new Decimal(n.toString());
  const digits = n.toString().padStart(dp + 1, '0');
  return new Decimal(`${digits.slice(0, -dp)}.${digits.slice(-dp)}`);
}

/** Decimals a value needs to be exact (a valid depth price or amount has few). */
const SCALE_CAP = 30;
const decimalsIn = (d: Decimal) => Math.min(d.decimalPlaces(), SCALE_CAP);

/**
 * `percent`% of `available`, cut to `scale` decimals (the pair's quantity step or
 * the quote's); '' when that is nothing. Exact at any size: 100% is the balance
 * itself cut to the step, so a sell of everything leaves only what is finer than
 * one lot (the dust the step forces), never more.
 */
export function share(available: DecimalInput, percent: number, scale: number): string {
  const a = toDecimal(available);
  if (!a || a.lte(0) || !Number.isInteger(percent) || percent <= 0) return '';
  const whole = percent >= 100 ? trunc(a, scale) : fromUnits((toUnits(a, SCALE_CAP) * BigInt(percent)) / 100n, SCALE_CAP).toDecimalPlaces(scale, Decimal.ROUND_DOWN);
  return whole.gt(0) ? whole.toFixed() : '';
}

/** The fee a side pays on what it receives, rounded up to 8 decimals. */
export function feeOn(received: DecimalInput, feeRate: Decimal): Decimal {
  const r = toDecimal(received);
  if (!r || r.lte(0)) return new Decimal(0);
  return r.times(feeRate).toDecimalPlaces(FEE_DP, Decimal.ROUND_UP);
}

export interface MarketFill {
  /** Base quantity filled. */
  amount: Decimal;
  /** Quote spent or received. */
  total: Decimal;
  avgPrice: Decimal | null;
  /** The visible book covers the whole order. */
  complete: boolean;
}

/**
 * Walk the visible book (asks for a buy, bids for a sell; best first) to estimate a
 * market order sized by `amount` (base) or by `total` (quote, buy only), the way the
 * engine fills it (crates/spot/src/orderbook/book.rs, `match_incoming`):
 *
 * - by amount: each level gives what it has, up to the lots still wanted;
 * - by total: each level gives whole lots (`10^-coinScale` base) only, as many as the
 *   quote left buys at that price (`floor(left / (price x lot))`), up to its size; at
 *   the first level where not one lot is affordable the order stops, and the rest of
 *   the quote is released. The estimate is the same lot count the fill will have.
 *
 * All in integer units (BigInt), as the engine counts ticks and lots: nothing rounds.
 * `complete`: the visible book covers the order (by total: the walk ended because
 * the quote ran out, not the book).
 */
export function estimateMarket(levels: Level[], by: { amount?: DecimalInput; total?: DecimalInput }, coinScale: number): MarketFill {
  const wantAmount = toDecimal(by.amount);
  const wantTotal = toDecimal(by.total);
  const book = levels.map(([p, a]) => [new Decimal(p), new Decimal(a)] as const).filter(([p, a]) => p.gt(0) && a.gt(0));
  // One scale for every quote figure: fine enough for the total and each price exactly.
  const dp = Math.max(wantTotal ? decimalsIn(wantTotal) : 0, ...book.map(([p]) => decimalsIn(p)));
  const qdp = coinScale;
  let lots = 0n;
  let spent = 0n; // quote, in units of 10^-(dp + qdp)
  let complete = false;
  if (wantAmount && wantAmount.gt(0)) {
    let left = toUnits(wantAmount, qdp);
    for (const [price, size] of book) {
      if (left <= 0n) break;
      const take = toUnits(size, qdp) < left ? toUnits(size, qdp) : left;
      lots += take;
      spent += take * toUnits(price, dp);
      left -= take;
    }
    complete = left <= 0n;
  } else if (wantTotal && wantTotal.gt(0)) {
    let left = toUnits(wantTotal, dp + qdp);
    for (const [price, size] of book) {
      const ticks = toUnits(price, dp);
      const affordable = left / ticks;
      const levelLots = toUnits(size, qdp);
      const take = levelLots < affordable ? levelLots : affordable;
      if (take === 0n) {
        complete = true;
        break;
      }
      lots += take;
      spent += take * ticks;
      left -= take * ticks;
      // The level had more than the quote pays for: the rest is less than one lot here, and dearer beyond.
      if (take < levelLots) {
        complete = true;
        break;
      }
    }
    // Spent to the last unit: nothing more could be bought at any price.
    if (left === 0n) complete = true;
  }
  const amount = fromUnits(lots, qdp);
  const total = fromUnits(spent, dp + qdp);
  return { amount, total, avgPrice: amount.gt(0) ? total.div(amount) : null, complete: complete && amount.gt(0) };
}

export type MarketBuyBy = 'amount' | 'total';

export interface FormState {
  side: Side;
  type: OrderType;
  price: string;
  amount: string;
  total: string;
  /** Market buy: size by base amount or by USDT total. */
  marketBy: MarketBuyBy;
}

export type FieldError = AmountError | { kind: 'closed' } | { kind: 'typeClosed' };

export interface FormCheck {
  price?: FieldError;
  amount?: FieldError;
  total?: FieldError;
  /** The pair or this order type is closed. */
  form?: FieldError;
  /** The request to send when everything passes. */
  request: SubmitInput | null;
  /** Estimated fee and what the user receives after it (in `receiveCoin`). */
  fee: Decimal | null;
  receive: Decimal | null;
  receiveCoin: string;
  /** Market orders: the visible book's estimate. */
  estimate: MarketFill | null;
}

export interface FormContext {
  /** Available USDT (buy) or base coin (sell) in the spot wallet; undefined when unknown (signed out). */
  available?: DecimalInput;
  /** The book side a market order takes: asks for a buy, bids for a sell, best first. */
  book?: Level[];
}

/**
 * Check the form as the user types (the server checks the same rules, in this order:
 * pair open, type open, price, quantity precision, min, max, then funds).
 */
export function checkForm(state: FormState, rules: PairRules, ctx: FormContext = {}): FormCheck {
  const buy = state.side === 'buy';
  const receiveCoin = buy ? rules.coin : rules.quote;
  const out: FormCheck = { request: null, fee: null, receive: null, receiveCoin, estimate: null };
  if (!rules.trading) out.form = { kind: 'closed' };
  else if (!openTypes(rules, state.side).includes(state.type)) out.form = { kind: 'typeClosed' };

  const qtyRules = buy
    ? { scale: rules.coinScale, min: rules.buyMin.gt(0) ? rules.buyMin : undefined, max: rules.buyMax ?? undefined }
    : { scale: rules.coinScale, min: rules.sellMin.gt(0) ? rules.sellMin : undefined, max: rules.sellMax ?? undefined, available: ctx.available };

  if (state.type === 'limit') {
    const price = withinEngine(validateAmount(state.price, { scale: rules.baseScale }), rules.baseScale);
    if (!price.ok) out.price = price.error;
    const amount = withinEngine(validateAmount(state.amount, qtyRules), rules.coinScale);
    if (!amount.ok) out.amount = amount.error;
    if (price.ok && amount.ok) {
      const cost = price.value.times(amount.value);
      const avail = toDecimal(ctx.available);
      if (cost.gte(VALUE_LIMIT)) out.total = { kind: 'tooLarge' };
      else if (buy && avail && cost.gt(avail)) out.total = { kind: 'balance', available: avail.toFixed() };
      const received = buy ? amount.value : cost;
      out.fee = feeOn(received, rules.feeRate);
      out.receive = received.minus(out.fee);
      if (!out.form && !out.total) out.request = { symbol: rules.symbol, side: state.side, type: 'limit', timeInForce: 'gtc', price: price.value.toFixed(), amount: amount.value.toFixed() };
    }
    return out;
  }

  // Market.
  if (buy && state.marketBy === 'total') {
    const total = withinEngine(validateAmount(state.total, { scale: rules.baseScale, available: ctx.available }), rules.baseScale + rules.coinScale);
    if (!total.ok) out.total = total.error;
    else {
      out.estimate = ctx.book ? estimateMarket(ctx.book, { total: total.value }, rules.coinScale) : null;
      if (out.estimate && out.estimate.amount.gt(0)) {
        out.fee = feeOn(out.estimate.amount, rules.feeRate);
        out.receive = out.estimate.amount.minus(out.fee);
      }
      if (!out.form) out.request = { symbol: rules.symbol, side: 'buy', type: 'market', total: total.value.toFixed() };
    }
    return out;
  }
  const amount = withinEngine(validateAmount(state.amount, qtyRules), rules.coinScale);
  if (!amount.ok) out.amount = amount.error;
  else {
    out.estimate = ctx.book ? estimateMarket(ctx.book, { amount: amount.value }, rules.coinScale) : null;
    const received = buy ? amount.value : out.estimate?.total;
    if (received && received.gt(0)) {
      out.fee = feeOn(received, rules.feeRate);
      out.receive = received.minus(out.fee);
    }
    if (!out.form) out.request = { symbol: rules.symbol, side: state.side, type: 'market', amount: amount.value.toFixed() };
  }
  return out;
}

/** After the user edits one of the linked limit fields, the other follows (truncated). */
export function linkLimit(state: FormState, edited: 'price' | 'amount' | 'total', lastSized: 'amount' | 'total', rules: PairRules): FormState {
  if (state.type !== 'limit') return state;
  const driver = edited === 'price' ? lastSized : edited;
  if (driver === 'amount') return { ...state, total: totalFor(state.price, state.amount, rules.baseScale) };
  return { ...state, amount: amountFor(state.price, state.total, rules.coinScale) };
}

/**
 * The 25/50/75/100% buttons: a share of what is available.
 * Sell: of the base coin (amount). Buy limit: of USDT (total; amount follows at the price).
 * Market buy by total: of USDT. Market buy by amount: of USDT at the visible asks' price.
 */
export function applyPercent(state: FormState, percent: number, available: DecimalInput, rules: PairRules, asks: Level[] = []): FormState {
  if (state.side === 'sell') {
    const amount = share(available, percent, rules.coinScale);
    return { ...state, amount, total: state.type === 'limit' ? totalFor(state.price, amount, rules.baseScale) : state.total };
  }
  const total = share(available, percent, rules.baseScale);
  if (state.type === 'limit') return { ...state, total, amount: amountFor(state.price, total, rules.coinScale) };
  if (state.marketBy === 'total') return { ...state, total };
  const fill = estimateMarket(asks, { total }, rules.coinScale);
  return { ...state, amount: fill.amount.gt(0) ? fill.amount.toFixed() : '', total };
}
