import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { EarnOrder } from '../api';
import { OrderCard } from './OrderCard';

const ORDER: EarnOrder = {
  id: 7,
  orderNo: 'F7',
  kind: 'finance',
  planId: 3,
  planTitle: 'USDT Flexible 7/30/90',
  coin: 'USDT',
  amount: '100',
  days: 7,
  apr: '4',
  dailyRate: null,
  minOdds: '0.0109589',
  maxOdds: '0.0109589',
  defaultOdds: '0',
  earlyRule: 'forfeit',
  status: 0,
  settlementType: 1,
  autoRenew: false,
  createTime: Date.parse('2025-01-15T10:00:00Z'),
  startTime: Date.parse('2025-01-16T00:00:00Z'),
  endTime: Date.parse('2025-01-23T00:00:00Z'),
  settleTime: null,
  accumulaEarn: '0.0219178',
  paidEarn: '0.0109589',
  estimatedEarn: '0.0767123',
  nextPayout: Date.parse('2025-01-18T00:00:00Z'),
  penalty: '0',
  forfeited: '0',
};

function renderCard(order: EarnOrder) {
  mockHttp({ 'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [] }) });
  const onRedeem = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrderCard order={order} onRedeem={onRedeem} />
    </QueryClientProvider>,
  );
  return { card: within(screen.getByTestId(`earn-order-${order.id}`)), onRedeem };
}

beforeEach(() => resetAll());

describe('earn order card', () => {
  it('an earning order shows its figures as the server sent them, the next payout, and can be redeemed early', () => {
    const { card, onRedeem } = renderCard(ORDER);
    expect(card.getByTestId('earn-order-status')).toHaveTextContent('Earning');
    expect(card.getByTestId('earn-order-rate')).toHaveTextContent('4.00%');
    expect(card.getByTestId('earn-order-estimated')).toHaveAttribute('data-value', '0.0767123');
    expect(card.getByTestId('earn-order-accrued')).toHaveTextContent('0.0219178 USDT');
    expect(card.getByTestId('earn-order-paid')).toHaveTextContent('0.0109589 USDT');
    expect(card.getByTestId('earn-order-next-payout')).toHaveTextContent('01/18/2025, 00:00:00 UTC');
    expect(card.getByTestId('earn-order-maturity')).toHaveAttribute('data-value', String(ORDER.endTime));
    fireEvent.click(card.getByTestId('earn-order-redeem'));
    expect(onRedeem).toHaveBeenCalledWith(ORDER);
  });

  it('an order that cannot be redeemed early has no button; a redeemed one shows its penalty', () => {
    renderCard({ ...ORDER, id: 8, earlyRule: 'none' });
    expect(screen.queryByTestId('earn-order-redeem')).toBeNull();
    const { card } = renderCard({ ...ORDER, id: 9, kind: 'staking', apr: null, dailyRate: '0.02', status: 2, penalty: '1', nextPayout: null, settleTime: Date.parse('2025-01-17T09:00:00Z') });
    expect(card.getByTestId('earn-order-status')).toHaveTextContent('Redeemed');
    expect(card.getByTestId('earn-order-penalty')).toHaveTextContent('1.00 USDT');
    expect(card.getByTestId('earn-order-rate')).toHaveTextContent('0.02%');
    expect(card.queryByTestId('earn-order-redeem')).toBeNull();
    expect(card.queryByTestId('earn-order-next-payout')).toBeNull();
  });
});
