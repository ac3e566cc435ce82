import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll, toastTexts } from '@/test/reset';
import type { EarnOrder, RedemptionPreview } from '../api';
import { RedeemSheet } from './RedeemSheet';

vi.mock('@/features/wallet/balances', () => ({ refreshAfterMoneyMovement: async () => {} }));

const STAKE: EarnOrder = {
  id: 42,
  orderNo: 'E42',
  kind: 'staking',
  planId: 5,
  planTitle: 'USDT Staking 30 days',
  coin: 'USDT',
  amount: '20',
  days: 30,
  apr: null,
  dailyRate: '0.02',
  minOdds: '0.02',
  maxOdds: '0.025',
  defaultOdds: '0.05',
  earlyRule: 'penalty',
  status: 0,
  settlementType: 2,
  autoRenew: false,
  createTime: Date.parse('2025-03-10T08:00:00Z'),
  startTime: Date.parse('2025-03-11T00:00:00Z'),
  endTime: Date.parse('2025-04-10T00:00:00Z'),
  settleTime: null,
  accumulaEarn: '0.008',
  paidEarn: '0',
  estimatedEarn: '0.148',
  nextPayout: Date.parse('2025-04-10T00:00:00Z'),
  penalty: '0',
  forfeited: '0',
};
const PREVIEW: RedemptionPreview = { id: 42, coin: 'USDT', principal: '20', held: '0', penalty: '1', interestForfeited: '0', receive: '19.008' };
const PREVIEW_KEY = 'GET /api/earn/redemption/preview';
const STAKING_REDEEM = 'POST /api/mingOrder/redemption';
const FINANCE_REDEEM = 'POST /api/financial/redeem';

function renderSheet(order: EarnOrder, routes: Parameters<typeof mockHttp>[0]) {
  const calls = mockHttp({ 'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [] }), ...routes });
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RedeemSheet order={order} onClose={onClose} />
    </QueryClientProvider>,
  );
  const sent = (key: string) => calls.filter((c) => `${c.method?.toUpperCase()} ${c.url}` === key);
  return { sent, onClose };
}

beforeEach(() => resetAll());

describe('early redemption sheet', () => {
  it('shows the server preview (principal, penalty, interest given back, what arrives) before anything is redeemed', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { sent, onClose } = renderSheet(STAKE, {
      [PREVIEW_KEY]: async () => {
        await gate;
        return ok(PREVIEW);
      },
      [STAKING_REDEEM]: ok({ ...STAKE, status: 2, penalty: '1' }),
    });
    // While the preview loads, nothing can be confirmed.
    expect(screen.getByTestId('earn-redeem-loading')).toBeInTheDocument();
    expect(screen.getByTestId('earn-redeem-confirm')).toBeDisabled();
    expect(screen.getByTestId('earn-redeem-rule')).toHaveTextContent('fee of 5% of the principal');
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('earn-redeem-penalty')).toHaveAttribute('data-value', '1'));
    expect(screen.getByTestId('earn-redeem-principal')).toHaveTextContent('20.00 USDT');
    expect(screen.getByTestId('earn-redeem-penalty')).toHaveTextContent('1.00 USDT');
    expect(screen.getByTestId('earn-redeem-forfeited')).toHaveAttribute('data-value', '0');
    expect(screen.getByTestId('earn-redeem-receive')).toHaveTextContent('19.008 USDT');
    expect(sent(PREVIEW_KEY)[0].params).toEqual({ id: 42 });
    expect(sent(STAKING_REDEEM)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('earn-redeem-confirm'));
    await waitFor(() => expect(sent(STAKING_REDEEM)).toHaveLength(1));
    expect(JSON.parse(sent(STAKING_REDEEM)[0].data as string)).toEqual({ id: 42 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toastTexts()).toContain('Order redeemed');
  });

  it('redeems a finance order at the finance path, showing the interest it gives back', async () => {
    const order: EarnOrder = { ...STAKE, id: 9, kind: 'finance', apr: '4', dailyRate: null, earlyRule: 'forfeit', defaultOdds: '0', settlementType: 1 };
    const { sent } = renderSheet(order, {
      [PREVIEW_KEY]: ok({ id: 9, coin: 'USDT', principal: '100', penalty: '0', interestForfeited: '0.0219178', receive: '99.9780822' }),
      [FINANCE_REDEEM]: ok({ ...order, status: 2 }),
    });
    await waitFor(() => expect(screen.getByTestId('earn-redeem-forfeited')).toHaveTextContent('0.0219178 USDT'));
    expect(screen.getByTestId('earn-redeem-rule')).toHaveTextContent('all interest the order has accrued is given back');
    fireEvent.click(screen.getByTestId('earn-redeem-confirm'));
    await waitFor(() => expect(sent(FINANCE_REDEEM)).toHaveLength(1));
    expect(JSON.parse(sent(FINANCE_REDEEM)[0].data as string)).toEqual({ id: 9 });
    expect(sent(STAKING_REDEEM)).toHaveLength(0);
  });

  it('a refused preview shows the server reason and cannot be confirmed', async () => {
    const { sent } = renderSheet(STAKE, { [PREVIEW_KEY]: fail(-7105, 'This order is not earning') });
    await waitFor(() => expect(screen.getByTestId('earn-redeem-error')).toHaveTextContent('This order is not earning'));
    expect(screen.getByTestId('earn-redeem-confirm')).toBeDisabled();
    expect(sent(STAKING_REDEEM)).toHaveLength(0);
  });
});
