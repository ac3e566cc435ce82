/**
 * The candlestick chart (lightweight-charts) of the market detail, spot and
 * futures screens: a feature of its own so that what imports @/features/market
 * does not load the chart library.
 */
export { CandleChart } from './CandleChart';
