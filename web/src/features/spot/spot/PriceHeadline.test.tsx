import { render, screen } from '@testing-library/react';
import Decimal from 'decimal.js';
import '@/shared/i18n/i18n';
import { PriceHeadline } from './PriceHeadline';
import type { PairRules } from './order-math';

const RULES = { coin: 'BTC', quote: 'USDT', baseScale: 2, coinScale: 4 } as PairRules;
const INDEX = { price: '95334.125', open: '94000', percent: new Decimal('1.42'), tick: 0 as const, live: false };

describe('spot header prices', () => {
  it('names the last trade and the index price, each at the pair precision', () => {
    render(<PriceHeadline last={{ key: '1', price: '95243.76', vol: '0.001', side: 'sell', ts: 0 }} index={INDEX} rules={RULES} />);
    expect(screen.getByText('Last trade')).toBeInTheDocument();
    expect(screen.getByText('Index price')).toBeInTheDocument();
    expect(screen.getByTestId('spot-price-head')).toHaveTextContent('95,243.76');
    expect(screen.getByTestId('spot-price-head')).toHaveClass('down');
    expect(screen.getByTestId('spot-price-index')).toHaveTextContent('95,334.12');
  });

  it('shows no last price before the book has traded, rather than the index in its place', () => {
    render(<PriceHeadline last={null} index={INDEX} rules={RULES} />);
    expect(screen.getByTestId('spot-price-head')).toHaveTextContent('--');
    expect(screen.getByTestId('spot-price-index')).toHaveTextContent('95,334.12');
  });
});
