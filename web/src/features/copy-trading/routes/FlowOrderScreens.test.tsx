import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { fail, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { routes } from '@/app/routes';
import { paths } from '@/shared/config/paths';
import FlowOrderScreen from './FlowOrderScreen';
import { bodies, CARD, FOLLOW, INFO, LEAD_OPEN, renderAt } from './test-utils';

beforeEach(() => resetAll());

const page = (rows: unknown[], total = rows.length) => ok({ rows, total });

describe('/floworder', () => {
  it('lists traders: ROI beside the followers’ return, the curve, PnL, win rate, AUM, followers and Follow', async () => {
    const full = { ...CARD, id: 8, traderName: 'Beta', followUser: 100, maxUserCount: 100 };
    const mine = { ...CARD, id: 9, traderName: 'Gamma', following: true, profitRate30: '-4.2' };
    renderAt('/floworder', { 'GET /api/follow/traderList': page([CARD, full, mine]) });
    const cards = await screen.findAllByTestId('trader-card');
    expect(cards).toHaveLength(3);
    const a = within(cards[0]);
    expect(a.getByTestId('trader-name')).toHaveTextContent('Alpha Desk');
    expect(a.getByTestId('trader-roi')).toHaveTextContent('+12.50%');
    expect(a.getByTestId('trader-roi')).toHaveClass('up');
    expect(a.getByTestId('trader-followers-return')).toHaveTextContent('+3.10%');
    expect(a.getByTestId('trader-pnl')).toHaveTextContent('+1,234.50');
    expect(a.getByTestId('trader-win-rate')).toHaveTextContent('66.67%');
    expect(a.getByTestId('trader-aum')).toHaveTextContent('5,000.00');
    expect(a.getByTestId('trader-followers')).toHaveTextContent('12 / 2500 followers');
    expect(a.getByTestId('trader-sparkline')).toHaveAttribute('data-points', '3');
    expect(a.getByTestId('follow-button')).toHaveAttribute('href', '/floworder/confirm/7');
    expect(a.getByTestId('trader-card-link')).toHaveAttribute('href', '/floworder/trader/7');
    expect(within(cards[1]).getByTestId('follow-full')).toBeDisabled();
    expect(within(cards[2]).getByTestId('follow-edit')).toHaveTextContent('Following');
    expect(within(cards[2]).getByTestId('trader-roi')).toHaveClass('down');
    expect(screen.getByTestId('floworder-apply-link')).toHaveAttribute('href', '/floworder/apply');
    expect(screen.getByTestId('floworder-mine-link')).toHaveAttribute('href', '/floworder/mine');
  });

  it('sorts by the tabs, searches as you type (once the typing stops) and loads more pages', async () => {
    const calls = renderAt('/floworder', {
      'GET /api/follow/traderList': (config: InternalAxiosRequestConfig) => {
        const { pageNum, traderName } = config.params as { pageNum: number; traderName?: string };
        if (traderName) return page([{ ...CARD, id: 40, traderName: 'Alpine' }]);
        return page([{ ...CARD, id: pageNum * 100, traderName: `Page ${pageNum}` }], 2);
      },
    });
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    expect(screen.getByTestId('trader-list-count')).toHaveTextContent('1 of 2');
    fireEvent.click(screen.getByTestId('trader-list-more'));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(screen.queryByTestId('trader-list-more')).toBeNull();

    fireEvent.click(screen.getByTestId('floworder-sort-2'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/follow/traderList' && c.params.sortBy === 2)).toBe(true));

    const search = screen.getByTestId('floworder-search');
    fireEvent.change(search, { target: { value: 'a' } });
    fireEvent.change(search, { target: { value: 'al' } });
    expect(await screen.findByText('Alpine')).toBeInTheDocument();
    const list = calls.filter((c) => c.url === '/api/follow/traderList').map((c) => c.params as Record<string, unknown>);
    expect(list.filter((p) => p.traderName !== undefined).map((p) => [p.traderName, p.sortBy, p.pageNum])).toEqual([['al', 2, 1]]);
    expect(list.slice(0, 2).map((p) => [p.sortBy, p.pageNum, p.pageSize])).toEqual([
      [0, 1, 20],
      [0, 2, 20],
    ]);
  });

  it('an approved lead trader gets a link to their own page; an empty search says so', async () => {
    renderAt('/floworder', {
      'GET /api/follow/myTrader': ok({ id: 7, traderName: 'Alpha Desk', avatar: '', bio: '', status: 1, reason: null, orderDelaySeconds: 0, createTime: 0, followUser: 3 }),
      'GET /api/follow/traderList': (config: InternalAxiosRequestConfig) => page((config.params as { traderName?: string }).traderName ? [] : [CARD]),
    });
    expect(await screen.findByTestId('floworder-home-link')).toHaveAttribute('href', '/floworder/trader/7');
    expect(screen.queryByTestId('floworder-apply-link')).toBeNull();
    fireEvent.change(screen.getByTestId('floworder-search'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No trader matches this name')).toBeInTheDocument();
  });

  it('/follow shows the same list', async () => {
    const follow = routes.find((r) => r.path === paths.copyTradingFollow);
    const loaded = await (follow?.lazy as () => Promise<{ Component: unknown }>)();
    expect(loaded.Component).toBe(FlowOrderScreen);
    renderAt('/follow', { 'GET /api/follow/traderList': page([CARD]) });
    expect(await screen.findByTestId('screen-flowOrder')).toBeInTheDocument();
    expect(await screen.findByTestId('trader-card')).toBeInTheDocument();
  });
});

describe('/floworder/trader/:id', () => {
  const routesFor = (extra = {}) => ({
    'GET /api/follow/traderInfo/7': ok(INFO),
    'GET /api/follow/traderProfit/7': ok([
      { day: '2026-11-01', rewardRate: '0.5', profit: '5' },
      { day: '2026-11-02', rewardRate: '-0.25', profit: '-2' },
      { day: '2026-11-03', rewardRate: '1', profit: '9' },
    ]),
    'GET /api/follow/traderOrder/7': (config: InternalAxiosRequestConfig) =>
      (config.params as { isHistory: number }).isHistory === 1
        ? page([{ ...LEAD_OPEN, id: 600, closePrice: '61000', earn: '480.5', closeTime: Date.UTC(2026, 1, 3) }])
        : page([LEAD_OPEN]),
    ...extra,
  });

  it('says a trader approved today leads since today, not for 0 days', async () => {
    renderAt('/floworder/trader/7', routesFor({ 'GET /api/follow/traderInfo/7': ok({ ...INFO, followOrder: 0 }) }));
    const days = await screen.findByTestId('trader-days');
    expect(days).toHaveTextContent('Leading since today');
    expect(days).not.toHaveTextContent('0 days');
  });

  it('shows the profile, every figure, the daily ROI and the open positions, then the history', async () => {
    const calls = renderAt('/floworder/trader/7', routesFor());
    const profile = await screen.findByTestId('trader-profile');
    expect(within(profile).getByTestId('trader-name')).toHaveTextContent('Alpha Desk');
    expect(within(profile).getByTestId('trader-bio')).toHaveTextContent('Trend following on majors.');
    expect(within(profile).getByTestId('trader-days')).toHaveTextContent('Leading for 40 days');
    expect(within(profile).getByTestId('trader-delay')).toHaveTextContent('30 s');
    expect(within(profile).getByTestId('follow-button')).toHaveAttribute('href', '/floworder/confirm/7');
    const stats = screen.getByTestId('trader-stats');
    expect(within(stats).getByTestId('trader-win-loss')).toHaveTextContent('8 W / 4 L');
    expect(within(stats).getByTestId('trader-drawdown')).toHaveTextContent('8.20%');
    expect(within(stats).getByTestId('trader-share-rate')).toHaveTextContent('20%');
    expect(within(stats).getByTestId('trader-reward')).toHaveTextContent('12.30');
    expect(within(stats).getByTestId('trader-min')).toHaveTextContent('10.00');
    await waitFor(() => expect(screen.getAllByTestId('trader-roi-bar')).toHaveLength(3));
    expect(screen.getAllByTestId('trader-roi-bar').map((b) => b.getAttribute('class'))).toEqual(['up', 'down', 'up']);
    expect(screen.getByTestId('trader-roi-total')).toHaveTextContent('+12.50%');
    const open = await screen.findByTestId('lead-position');
    expect(open).toHaveAttribute('data-position-id', '501');
    expect(within(open).getByTestId('side')).toHaveTextContent('Long');
    fireEvent.click(screen.getByTestId('trader-orders-tab-history'));
    const closed = await screen.findByTestId('lead-position-earn');
    expect(closed).toHaveTextContent('+480.50');
    expect(calls.filter((c) => c.url === '/api/follow/traderOrder/7').map((c) => (c.params as { isHistory: number }).isHistory)).toEqual([0, 1]);
  });

  it('the trader’s own page links to their settings instead of Follow', async () => {
    renderAt('/floworder/trader/7', routesFor({ 'GET /api/follow/myTrader': ok({ id: 7, traderName: 'Alpha Desk', avatar: '', bio: '', status: 1, reason: null, orderDelaySeconds: 30, createTime: 0, followUser: 12 }) }));
    expect(await screen.findByTestId('trader-own-settings')).toHaveAttribute('href', '/floworder/apply');
    expect(screen.queryByTestId('follow-button')).toBeNull();
  });

  it('an unknown trader shows the server message', async () => {
    renderAt('/floworder/trader/99', { 'GET /api/follow/traderInfo/99': fail(-8200, 'No such lead trader') });
    expect(await screen.findByText('No such lead trader')).toBeInTheDocument();
  });
});

describe('/floworder/confirm/:id', () => {
  const NOT_FOLLOWING = { 'GET /api/follow/traderInfo/7': ok(INFO), 'POST /api/follow/mineTrader': ok({ rows: [], total: 0 }) };

  it('follows at a fixed ratio of the chosen coins, with the worked example, then opens my copy trading', async () => {
    const calls = renderAt('/floworder/confirm/7', { ...NOT_FOLLOWING, 'POST /api/follow/addTraderUser': ok(null) }, { mineMarker: true });
    const form = await screen.findByTestId('follow-form');
    expect(form).toHaveAttribute('data-editing', 'false');
    expect(screen.getByTestId('follow-share-rate')).toHaveTextContent('20%');
    await waitFor(() => expect(screen.getByTestId('follow-available')).toHaveTextContent('250.50'));
    // all contract coins are chosen at first, at 100 %
    expect(screen.getByTestId('follow-symbol-btc')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('follow-symbol-eth')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('follow-example-copy')).toHaveTextContent('If the lead opens 10 contracts, you copy 10.');
    fireEvent.change(screen.getByTestId('follow-rate'), { target: { value: '55' } });
    expect(screen.getByTestId('follow-example-copy')).toHaveTextContent('you copy 5 (5.5 rounded down to whole contracts)');
    fireEvent.change(screen.getByTestId('follow-rate'), { target: { value: '50' } });
    expect(screen.getByTestId('follow-example-copy')).toHaveAttribute('data-value', '5');
    expect(screen.getByTestId('follow-example-share')).toHaveTextContent('If your copies realise 100.00 USDT above your high-water mark, 20.00 USDT (20%) goes to the lead and you keep 80.00 USDT.');
    fireEvent.click(screen.getByTestId('follow-symbol-eth'));
    fireEvent.change(screen.getByTestId('follow-budget'), { target: { value: '1000' } });
    fireEvent.change(screen.getByTestId('follow-stop-loss'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('follow-submit'));
    expect(await screen.findByTestId('at-mine')).toBeInTheDocument();
    expect(bodies(calls, '/api/follow/addTraderUser')).toEqual([{ traderId: 7, followType: 0, followRate: '50', followSymbol: 'btc', budget: '1000', stopLossRate: '30' }]);
  });

  it('checks the form before sending, in the user’s language', async () => {
    const calls = renderAt('/floworder/confirm/7', NOT_FOLLOWING);
    await screen.findByTestId('follow-form');
    fireEvent.change(screen.getByTestId('follow-rate'), { target: { value: '600' } });
    expect(screen.getByText('Enter a ratio from 1 to 500 %, at most 2 decimals')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('follow-rate'), { target: { value: '5' } });
    expect(screen.getByTestId('follow-example-copy')).toHaveTextContent('less than one contract, so it would be skipped');
    fireEvent.click(screen.getByTestId('follow-symbols-all'));
    fireEvent.change(screen.getByTestId('follow-stop-loss'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('follow-mode-1'));
    fireEvent.change(screen.getByTestId('follow-amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('follow-submit'));
    expect(screen.getByText('The minimum is 10 USDT')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one coin')).toBeInTheDocument();
    expect(screen.getByText('A stop-loss needs a budget')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('follow-amount'), { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('follow-budget'), { target: { value: '50' } });
    expect(screen.getByText('The budget must be at least the margin per order (100 USDT)')).toBeInTheDocument();
    expect(screen.getByTestId('follow-example-copy')).toHaveTextContent('copied with 100.00 USDT of margin');
    expect(calls.some((c) => c.url === '/api/follow/addTraderUser')).toBe(false);
  });

  it('shows the server’s refusal as it comes', async () => {
    renderAt('/floworder/confirm/7', { ...NOT_FOLLOWING, 'POST /api/follow/addTraderUser': fail(-8203, 'This trader has no free places') });
    await screen.findByTestId('follow-form');
    fireEvent.click(screen.getByTestId('follow-submit'));
    expect(await screen.findByTestId('follow-error')).toHaveTextContent('This trader has no free places');
  });

  it('an active follow is edited, pre-filled from my follows', async () => {
    const calls = renderAt(
      '/floworder/confirm/7',
      {
        'GET /api/follow/traderInfo/7': ok({ ...INFO, following: true }),
        'POST /api/follow/mineTrader': ok({ rows: [{ ...FOLLOW, traderId: 3, traderName: 'Other' }, FOLLOW], total: 2 }),
        'POST /api/follow/editTraderUser': ok(null),
      },
      { mineMarker: true },
    );
    expect(await screen.findByTestId('follow-form')).toHaveAttribute('data-editing', 'true');
    expect(screen.getByTestId('follow-editing')).toBeInTheDocument();
    expect(screen.getByTestId('follow-mode-1')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('follow-amount')).toHaveValue('25');
    expect(screen.getByTestId('follow-budget')).toHaveValue('300');
    expect(screen.getByTestId('follow-stop-loss')).toHaveValue('40');
    expect(screen.getByTestId('follow-symbol-btc')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('follow-symbol-eth')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('follow-submit')).toHaveTextContent('Save changes');
    fireEvent.change(screen.getByTestId('follow-amount'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('follow-submit'));
    expect(await screen.findByTestId('at-mine')).toBeInTheDocument();
    expect(bodies(calls, '/api/follow/editTraderUser')).toEqual([{ traderId: 7, followType: 1, followAmount: '30', followSymbol: 'btc', budget: '300', stopLossRate: '40' }]);
    expect(calls.some((c) => c.url === '/api/follow/addTraderUser')).toBe(false);
  });
});
