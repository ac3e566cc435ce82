import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { fail, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { useSettings } from '@/shared/settings/settings-store';
import { balance, bodies, COPY_OPEN, FOLLOW, renderAt, SKIP } from './test-utils';

beforeEach(() => {
  resetAll();
  useSettings.getState().useDefaults();
});

const page = (rows: unknown[]) => ok({ rows, total: rows.length });

describe('/floworder/mine', () => {
  const mineRoutes = (extra = {}) => ({
    'GET /api/follow/mineProfit': ok({ betAmount: '300', profitAndLoss: '-3.2', profitRate: '-1.07', shared: '1.2' }),
    'POST /api/follow/mineTrader': page([FOLLOW, { ...FOLLOW, traderId: 3, traderName: 'Old Lead', followType: 0, followRate: '50', status: 'stopped', stopReason: 'stop_loss', budget: null, stopLossRate: null }]),
    'GET /api/follow/mineOrder': (config: InternalAxiosRequestConfig) =>
      (config.params as { isHistory: number }).isHistory === 1
        ? page([
            {
              ...COPY_OPEN,
              id: 902,
              status: 1,
              openNum: '0',
              adjustAmount: '0',
              closePrice: null,
              dealPrice: '62000',
              earn: '19.6',
              fees: '1.2',
              markPrice: null,
              unrealisedPnl: null,
              shareAmount: '4.6',
              dealTime: Date.UTC(2026, 1, 4),
            },
          ])
        : page([COPY_OPEN]),
    'GET /api/follow/mineSkips': page([SKIP, { ...SKIP, id: 32, reason: 'house_limit' }, { ...SKIP, id: 33, reason: 'something_new' }]),
    ...extra,
  });

  it('sums up my copy trading and lists the traders I follow, with their settings and results', async () => {
    renderAt('/floworder/mine', mineRoutes());
    await waitFor(() => expect(screen.getByTestId('mine-bet')).toHaveTextContent('300.00 USDT'));
    expect(screen.getByTestId('mine-pnl')).toHaveTextContent('-3.20 USDT');
    expect(screen.getByTestId('mine-rate')).toHaveTextContent('-1.07%');
    expect(screen.getByTestId('mine-rate')).toHaveClass('down');
    expect(screen.getByTestId('mine-shared')).toHaveTextContent('1.20 USDT');
    const rows = await screen.findAllByTestId('mine-trader');
    const active = within(rows[0]);
    expect(active.getByTestId('mine-trader-status')).toHaveTextContent('Active');
    expect(active.getByTestId('mine-trader-mode')).toHaveTextContent('25.00 USDT per order');
    expect(active.getByTestId('mine-trader-realised')).toHaveTextContent('-3.20');
    expect(active.getByTestId('mine-trader-shared')).toHaveTextContent('1.20');
    expect(active.getByTestId('mine-trader-edit')).toHaveAttribute('href', '/floworder/confirm/7');
    const stopped = within(rows[1]);
    expect(stopped.getByTestId('mine-trader-mode')).toHaveTextContent('50%');
    expect(stopped.getByTestId('mine-trader-stop-reason')).toHaveTextContent('Stopped: your stop-loss was reached.');
    expect(stopped.queryByTestId('mine-trader-stop')).toBeNull();
  });

  it('says so when I copy nobody yet', async () => {
    renderAt('/floworder/mine', mineRoutes({ 'POST /api/follow/mineTrader': page([]) }));
    expect(await screen.findByText('You are not copying anyone yet')).toBeInTheDocument();
  });

  it('stops following after asking whether to close the copies too', async () => {
    const calls = renderAt('/floworder/mine', mineRoutes({ 'POST /api/follow/delTraderUser': ok(null) }));
    fireEvent.click(await screen.findByTestId('mine-trader-stop'));
    const sheet = within(screen.getByTestId('stop-follow-sheet'));
    expect(sheet.getByText('Stop copying Alpha Desk? No new orders will be copied.')).toBeInTheDocument();
    expect(sheet.getByTestId('stop-follow-note')).toHaveTextContent('Your open copies stay open');
    fireEvent.click(sheet.getByTestId('stop-follow-close-positions'));
    expect(sheet.getByTestId('stop-follow-note')).toHaveTextContent('closed at the mark price');
    fireEvent.click(sheet.getByTestId('stop-follow-confirm'));
    await waitFor(() => expect(screen.queryByTestId('stop-follow-sheet')).toBeNull());
    expect(bodies(calls, '/api/follow/delTraderUser')).toEqual([{ traderId: 7, closePositions: true }]);
  });

  it('keeps the copies open when not asked to close them', async () => {
    const calls = renderAt('/floworder/mine', mineRoutes({ 'POST /api/follow/delTraderUser': ok(null) }));
    fireEvent.click(await screen.findByTestId('mine-trader-stop'));
    fireEvent.click(screen.getByTestId('stop-follow-confirm'));
    await waitFor(() => expect(bodies(calls, '/api/follow/delTraderUser')).toEqual([{ traderId: 7, closePositions: false }]));
  });

  it('closes an open copy with the futures close call', async () => {
    const calls = renderAt('/floworder/mine?tab=open', mineRoutes({ 'POST /api/contract/position/stopOrder': ok({ id: 901, status: 1 }) }));
    const row = await screen.findByTestId('copy-row');
    expect(row).toHaveAttribute('data-copy-id', '901');
    expect(within(row).getByTestId('copy-status')).toHaveTextContent('Open');
    expect(within(row).getByTestId('copy-unrealised')).toHaveTextContent('+12.30');
    expect(within(row).getByTestId('copy-margin')).toHaveTextContent('60.00');
    expect(within(row).getByTestId('side')).toHaveTextContent('Long');
    expect(within(row).getByText('60,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Alpha Desk')).toHaveAttribute('href', '/floworder/trader/7');
    fireEvent.click(within(row).getByTestId('copy-close'));
    fireEvent.click(within(screen.getByTestId('close-copy-sheet')).getByTestId('close-copy-confirm'));
    await waitFor(() => expect(screen.queryByTestId('close-copy-sheet')).toBeNull());
    const close = calls.filter((c) => c.url === '/api/contract/position/stopOrder');
    expect(close.map((c) => c.params)).toEqual([{ id: 901 }]);
    expect(close[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.filter((c) => c.url === '/api/follow/mineOrder').map((c) => (c.params as { isHistory: number }).isHistory)).toEqual([0, 0]);
  });

  it('the history shows what each copy made and the profit share charged; skipped copies say why', async () => {
    renderAt('/floworder/mine?tab=history', mineRoutes());
    const row = await screen.findByTestId('copy-row');
    expect(within(row).getByTestId('copy-status')).toHaveTextContent('Closed');
    // What it made is net of its fees: 19.6 booked less 1.2 of fees.
    expect(within(row).getByTestId('copy-earn')).toHaveTextContent('+18.40');
    expect(within(row).getByTestId('copy-share')).toHaveTextContent('4.60');
    expect(within(row).getByTestId('copy-margin')).toHaveTextContent('60.00');
    expect(within(row).getByText('62,000.00')).toBeInTheDocument();
    expect(within(row).queryByTestId('copy-close')).toBeNull();
    fireEvent.click(screen.getByTestId('mine-tab-skips'));
    const skips = await screen.findAllByTestId('skip-row');
    expect(skips.map((s) => within(s).getByTestId('skip-reason').textContent)).toEqual([
      'Your budget for this trader is used up',
      "The platform's position limit was reached",
      'The copy could not be made',
    ]);
  });
});

describe('/floworder/apply', () => {
  it('checks the futures balance against the minimum and offers a transfer', async () => {
    const calls = renderAt('/floworder/apply', {});
    const req = await screen.findByTestId('apply-requirement');
    await waitFor(() => expect(req).toHaveAttribute('data-met', 'false'));
    expect(within(req).getByText('At least 1,000.00 USDT in your futures wallet')).toBeInTheDocument();
    expect(screen.getByTestId('apply-balance')).toHaveTextContent('250.50 USDT');
    expect(screen.getByTestId('apply-shortfall')).toHaveTextContent('Transfer 749.50 USDT more');
    expect(screen.getByTestId('apply-intro')).toHaveTextContent('You receive 20% of your followers');
    expect(screen.getByTestId('apply-submit')).toBeDisabled();
    fireEvent.click(screen.getByTestId('apply-transfer'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/follow/applyTrader')).toBe(false);
  });

  it('without TRADER_SETTING the requirement is not judged and the form stays open', async () => {
    const config = useSettings.getState().settingConfig;
    useSettings.getState().applySettings({ ...config, TRADER_SETTING: undefined });
    renderAt('/floworder/apply', {});
    await waitFor(() => expect(screen.getByTestId('apply-balance')).toHaveTextContent('250.50 USDT'));
    expect(screen.getByTestId('apply-requirement')).not.toHaveAttribute('data-met');
    expect(screen.getByTestId('apply-submit')).toBeEnabled();
  });

  it('applies with a name and bio, then shows the pending status', async () => {
    let applied = false;
    const calls = renderAt('/floworder/apply', {
      'POST /api/asset/assetBalance': balance('1500'),
      'GET /api/follow/myTrader': () => ok(applied ? { id: 7, traderName: 'Alpha Desk', avatar: '', bio: 'Majors only', status: 0, reason: null, orderDelaySeconds: 0, createTime: Date.UTC(2026, 1, 1), followUser: 0 } : null),
      'POST /api/follow/applyTrader': () => {
        applied = true;
        return ok(null);
      },
    });
    await waitFor(() => expect(screen.getByTestId('apply-requirement')).toHaveAttribute('data-met', 'true'));
    fireEvent.click(screen.getByTestId('apply-submit'));
    expect(screen.getByText('Enter a trader name')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('apply-name'), { target: { value: '  Alpha Desk ' } });
    fireEvent.change(screen.getByTestId('apply-bio'), { target: { value: 'Majors only' } });
    fireEvent.click(screen.getByTestId('apply-submit'));
    expect(await screen.findByTestId('apply-submitted')).toHaveTextContent('Alpha Desk');
    expect(screen.getByTestId('apply-status')).toHaveTextContent('Under review');
    expect(bodies(calls, '/api/follow/applyTrader')).toEqual([{ traderName: 'Alpha Desk', bio: 'Majors only' }]);
  });

  it('shows the server’s refusal of an application as it comes', async () => {
    renderAt('/floworder/apply', { 'POST /api/asset/assetBalance': balance('1500'), 'POST /api/follow/applyTrader': fail(-8210, 'You need 1000 USDT in your futures wallet') });
    await waitFor(() => expect(screen.getByTestId('apply-requirement')).toHaveAttribute('data-met', 'true'));
    fireEvent.change(screen.getByTestId('apply-name'), { target: { value: 'Alpha' } });
    fireEvent.click(screen.getByTestId('apply-submit'));
    expect(await screen.findByTestId('apply-error')).toHaveTextContent('You need 1000 USDT in your futures wallet');
  });

  it('after a rejection shows the reason and lets me apply again, pre-filled', async () => {
    renderAt('/floworder/apply', {
      'GET /api/follow/myTrader': ok({ id: 7, traderName: 'Alpha Desk', avatar: '', bio: 'Majors', status: 2, reason: 'Too few trades', orderDelaySeconds: 0, createTime: 0, followUser: 0 }),
    });
    expect(await screen.findByTestId('apply-reason')).toHaveTextContent('Your application was rejected: Too few trades You can apply again.');
    expect(screen.getByTestId('apply-name')).toHaveValue('Alpha Desk');
    expect(screen.getByTestId('apply-bio')).toHaveValue('Majors');
    expect(screen.getByText('Apply again')).toBeInTheDocument();
  });

  it('an approved trader edits their name, bio and delay', async () => {
    const calls = renderAt('/floworder/apply', {
      'GET /api/follow/myTrader': ok({ id: 7, traderName: 'Alpha Desk', avatar: '', bio: 'Majors', status: 1, reason: null, orderDelaySeconds: 30, createTime: 0, followUser: 12 }),
      'POST /api/follow/updateTrader': ok(null),
    });
    expect(await screen.findByTestId('apply-status')).toHaveTextContent('Approved');
    expect(screen.getByTestId('apply-homepage')).toHaveAttribute('href', '/floworder/trader/7');
    expect(screen.queryByTestId('apply-requirement')).toBeNull();
    expect(screen.getByTestId('lead-settings-delay')).toHaveValue('30');
    fireEvent.change(screen.getByTestId('lead-settings-delay'), { target: { value: '4000' } });
    expect(screen.getByText('Enter whole seconds from 0 to 3600')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('lead-settings-delay'), { target: { value: '120' } });
    fireEvent.change(screen.getByTestId('lead-settings-bio'), { target: { value: 'Majors and ETH' } });
    fireEvent.click(screen.getByTestId('lead-settings-submit'));
    await waitFor(() => expect(bodies(calls, '/api/follow/updateTrader')).toEqual([{ traderName: 'Alpha Desk', bio: 'Majors and ETH', orderDelaySeconds: 120 }]));
  });
});
