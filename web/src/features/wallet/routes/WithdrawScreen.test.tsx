import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { mockHttp, ok, fail } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { useSession } from '@/shared/session/session-store';
import type { WithdrawChannel } from '@/features/wallet/types';
import WithdrawScreen from './WithdrawScreen';

const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const trc: WithdrawChannel = {
  channel: 'USDT-TRC20',
  network: 'TRC20',
  coin: 'USDT',
  status: 1,
  fee: '1',
  ratio: '10',
  withdrawalMin: '20',
  withdrawalMax: '1000000',
  dayWithdrawalNum: 10,
  freeNum: 0,
  scale: 6,
  available: '500.5',
  todayCount: 3,
  remainingCount: 7,
  nextIsFree: false,
  window: { limited: true, start: '11:00:00', end: '23:00:00', open: true, timeZone: '+08:00' },
  checkPass: true,
  checkCode: false,
  sameAddress: false,
  boundAddress: null,
  checkTax: false,
  feeTax: '0',
  coinTax: 'usdt',
  kyc: {
    tier: 'none',
    unit: 'BTC',
    windowHours: 24,
    primaryLimit: '1.001',
    primaryOpen: false,
    seniorLimit: '2.002',
    seniorOpen: true,
    limit: '2.002',
    withdrawnBtc: '0.5',
    remainingBtc: '1.502',
    raisedBy: 'advanced',
    raisedLimit: null,
  },
};
const btc: WithdrawChannel = { ...trc, channel: 'BTC', network: 'BTC', coin: 'BTC', checkPass: false, available: '0.5', scale: 8, withdrawalMin: '0.001', withdrawalMax: '10', fee: '0', ratio: '0', window: { ...trc.window, open: false } };

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/withdraw']}>
        <Routes>
          <Route path="/withdraw" element={<WithdrawScreen />} />
          <Route path="/withdraw/drawings" element={<div data-testid="records-page" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetAll();
  useSession.getState().signIn('tok');
  useSession.setState({ userInfo: { userId: 1, username: 'demo', hasTradePwd: true, withdrawAddress: { type: '', address: '' } } });
});

describe('withdraw screen', () => {
  it('shows the channel rules from getWithDrawCoinList before anything is typed', async () => {
    // 04:00 at +08:00, outside the 11:00-23:00 window: the next opening is
    // computed from this clock, so it must not be the wall clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T20:00:00Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    mockHttp({ 'POST /api/common/getWithDrawCoinList': ok([trc, btc]) });
    renderScreen();
    const rules = await screen.findByTestId('withdraw-rules');
    expect(within(rules).getByTestId('rule-available')).toHaveTextContent('500.50 USDT');
    expect(within(rules).getByTestId('rule-fee')).toHaveTextContent('10% of the amount + 1 USDT network fee');
    expect(within(rules).getByTestId('rule-limits')).toHaveTextContent('20 – 1000000 USDT');
    expect(within(rules).getByTestId('rule-precision')).toHaveTextContent('Up to 6 decimals');
    expect(within(rules).getByTestId('rule-count')).toHaveTextContent('7 of 10 left');
    expect(within(rules).getByTestId('rule-window')).toHaveTextContent('11:00:00 – 23:00:00 (+08:00)');
    expect(within(rules).getByTestId('rule-window-state')).toHaveTextContent('Open now');
    expect(within(rules).getByTestId('rule-kyc-limit')).toHaveTextContent('2.002 BTC (equivalent) per 24 hours');
    expect(within(rules).getByTestId('rule-kyc-left')).toHaveTextContent('1.502 BTC left');
    expect(within(rules).getByTestId('rule-kyc-raise')).toHaveTextContent('Advanced verification removes it');
    expect(within(within(rules).getByTestId('rule-kyc-raise')).getByRole('link')).toHaveAttribute('href', '/userauth?tab=advanced');
    // checkPass: the fund password field is there
    expect(screen.getByLabelText('Fund password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();

    // another channel: its own rules; closed window blocks submit; no password field
    fireEvent.click(screen.getByTestId('withdraw-channel-BTC'));
    expect(await screen.findByTestId('withdraw-blocked')).toHaveTextContent('Withdrawals are open 11:00:00 – 23:00:00 (+08:00)');
    // When it opens, in the user's own time.
    expect(screen.getByTestId('withdraw-blocked')).toHaveTextContent(/Opens .+ \(your time\)/);
    expect(screen.getByTestId('rule-window-state')).toHaveTextContent('Closed now');
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
    expect(screen.queryByLabelText('Fund password')).not.toBeInTheDocument();
    expect(screen.getByTestId('rule-fee')).toHaveTextContent('No fee');
  });

  it('validates the amount client-side, then quotes it (debounced) and submits with an Idempotency-Key', async () => {
    const calls = mockHttp({
      'POST /api/common/getWithDrawCoinList': ok([trc]),
      'POST /api/withdraw/quote': (config) =>
        config.params.amount === '600'
          ? fail(-4018, 'server says no')
          : ok({ coin: 'USDT', amount: config.params.amount, fee: '4', netAmount: '26', totalFrozen: '30', separateFee: null, remainingTodayCount: 7, free: false }),
      'POST /api/withdraw/submit': ok({ id: 9, status: 'pending' }),
      'GET /api/user/getInfo': ok({ user: { userId: 1, username: 'demo' }, asset: [] }),
      'GET /api/user/withdrawAddress': ok([]),
    });
    renderScreen();
    const amount = await screen.findByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.blur(amount);
    expect(await screen.findByText('The minimum is 20 USDT')).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '25.1234567' } });
    expect(await screen.findByText('At most 6 decimal places')).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '501' } });
    expect(await screen.findByText('More than your available 500.5 USDT')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/withdraw/quote')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '30' } });
    expect(await screen.findByTestId('withdraw-quote', undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getByTestId('quote-fee')).toHaveTextContent('4 USDT');
    expect(screen.getByTestId('quote-net')).toHaveTextContent('26 USDT');
    expect(screen.getByTestId('quote-frozen')).toHaveTextContent('30 USDT');
    const quotes = calls.filter((c) => c.url === '/api/withdraw/quote');
    expect(quotes).toHaveLength(1);
    expect(quotes[0].params).toEqual({ channel: 'USDT-TRC20', amount: '30' });

    // A pasted EVM fragment is no TRON address: said at once, nothing sent.
    const addressField = screen.getByLabelText('Withdrawal address');
    fireEvent.change(addressField, { target: { value: '0xabc123' } });
    fireEvent.blur(addressField);
    expect(await screen.findByText('That is not a valid TRC20 address')).toBeInTheDocument();
    fireEvent.change(addressField, { target: { value: ADDRESS } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Enter your fund password')).toBeInTheDocument();
    expect(screen.queryByText('That is not a valid TRC20 address')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/withdraw/submit')).toBe(false);
    fireEvent.change(screen.getByLabelText('Fund password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    // Nothing leaves before the user confirms the figures in the sheet.
    const sheet = await screen.findByTestId('withdraw-confirm-sheet');
    expect(within(sheet).getByTestId('confirm-amount')).toHaveTextContent('30 USDT');
    expect(within(sheet).getByTestId('confirm-fee')).toHaveTextContent('4 USDT');
    expect(within(sheet).getByTestId('confirm-network')).toHaveTextContent('TRC20');
    expect(within(sheet).getByTestId('confirm-address')).toHaveTextContent(ADDRESS);
    expect(within(sheet).getByTestId('confirm-net')).toHaveTextContent('26 USDT');
    expect(calls.some((c) => c.url === '/api/withdraw/submit')).toBe(false);
    fireEvent.click(within(sheet).getByTestId('withdraw-confirm-cancel'));
    expect(screen.queryByTestId('withdraw-confirm-sheet')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/withdraw/submit')).toBe(false);
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await act(async () => {
      fireEvent.click(within(await screen.findByTestId('withdraw-confirm-sheet')).getByTestId('withdraw-confirm'));
    });
    await screen.findByTestId('records-page');
    const submit = calls.find((c) => c.url === '/api/withdraw/submit')!;
    expect(submit.params).toEqual({ channel: 'USDT-TRC20', amount: '30', address: ADDRESS, tradePwd: '123456', code: '' });
    expect(String(submit.headers['Idempotency-Key'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's refusal of a quote by the amount, in the user's language", async () => {
    mockHttp({
      'POST /api/common/getWithDrawCoinList': ok([trc]),
      'POST /api/withdraw/quote': fail(-4021, 'Advanced verification is needed above 2.002 USDT a day'),
    });
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '30' } });
    await waitFor(() => expect(screen.getByText('Advanced verification is needed above 2.002 USDT a day')).toBeInTheDocument(), { timeout: 2000 });
  });
});
