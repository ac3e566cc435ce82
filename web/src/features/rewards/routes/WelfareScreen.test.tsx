import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import { useSession } from '@/shared/session/session-store';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll, toastTexts } from '@/test/reset';
import type { Claim, DepositCondition, WelfareCenter, WelfareTask } from '@/features/rewards/api';
import WelfareScreen from './WelfareScreen';

vi.mock('@/features/wallet/balances', () => ({ refreshAfterMoneyMovement: async () => {} }));

const task = (id: number, kind: string, over: Partial<WelfareTask>): WelfareTask => ({
  id,
  kind,
  title: `Task ${kind}`,
  description: `About ${kind}`,
  rewardAmount: '1',
  rewardCoin: 'USDT',
  current: '0',
  target: '1',
  done: false,
  claimed: false,
  ...over,
});

const DAYS = ['0.1', '0.1', '0.2', '0.2', '0.3', '0.3', '1'].map((amount, i) => ({ day: i + 1, amount, coin: 'USDT' }));

const MET: DepositCondition = { minDeposit: '0', deposited: '100', met: true };

function center(over: { tasks?: WelfareTask[]; signedToday?: boolean; streak?: number; condition?: DepositCondition } = {}): WelfareCenter {
  const signedToday = over.signedToday ?? false;
  const streak = over.streak ?? 2;
  return {
    tasks: over.tasks ?? [
      task(1, 'bind_email', { title: 'Bind your email', current: '1', done: true }),
      task(2, 'bind_phone', {}),
      task(3, 'kyc_primary', { rewardAmount: '2', current: '1', done: true, claimed: true }),
      task(6, 'spot_volume', { rewardAmount: '5', current: '350.5', target: '1000' }),
    ],
    signIn: { days: DAYS, streak, signedToday, nextDay: signedToday ? 4 : 3, nextAmount: signedToday ? '0.2' : '0.2', nextCoin: 'USDT' },
    condition: over.condition ?? MET,
    rules: 'Claim a task reward once it is complete.',
  };
}

const CLAIM: Claim = { id: 41, kind: 'task', taskId: 3, title: 'Pass primary verification', amount: '2', coin: 'USDT', createTime: Date.UTC(2026, 0, 5, 8) };

function renderWelfare(routes: Parameters<typeof mockHttp>[0]) {
  useSession.getState().signIn('tok');
  const calls = mockHttp({
    'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [] }),
    'GET /api/welfare/claims': ok({ rows: [CLAIM], total: 1 }),
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/welfare']}>
        <WelfareScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const row = (kind: string) => within(screen.getByTestId(`welfare-task-${kind}`));
const sent = (calls: InternalAxiosRequestConfig[], key: string) => calls.filter((c) => `${c.method?.toUpperCase()} ${c.url}` === key);

beforeEach(() => resetAll());

describe('/welfare', () => {
  it('shows the calendar with the streak, and each task with its progress and the one action it allows', async () => {
    renderWelfare({ 'GET /api/welfare/center': ok(center()) });
    await screen.findByTestId('welfare-center');
    expect(screen.getByTestId('welfare-streak')).toHaveTextContent('Consecutive days: 2');
    expect(['1', '2', '3', '4'].map((d) => screen.getByTestId(`welfare-day-${d}`).getAttribute('data-state'))).toEqual(['signed', 'signed', 'today', 'upcoming']);
    expect(screen.getByTestId('welfare-today-reward')).toHaveTextContent('+0.20 USDT');
    expect(screen.getByTestId('welfare-signin-button')).toBeEnabled();

    // Claim only on a done, unclaimed task.
    expect(row('bind_email').getByTestId('welfare-task-claim')).toBeEnabled();
    expect(row('bind_email').queryByTestId('welfare-task-go')).toBeNull();
    expect(row('kyc_primary').queryByTestId('welfare-task-claim')).toBeNull();
    expect(row('kyc_primary').getByTestId('welfare-task-claimed')).toHaveTextContent('Claimed');
    expect(row('bind_phone').queryByTestId('welfare-task-claim')).toBeNull();
    expect(row('bind_phone').getByTestId('welfare-task-go')).toHaveAttribute('href', '/phoneAuth');
    expect(row('spot_volume').queryByTestId('welfare-task-claim')).toBeNull();
    expect(row('spot_volume').getByTestId('welfare-task-go')).toHaveAttribute('href', '/trade');
    expect(row('spot_volume').getByTestId('welfare-task-progress')).toHaveAttribute('data-value', '35.05');
    expect(row('spot_volume').getByTestId('welfare-task-progress-text')).toHaveTextContent('350.5 / 1,000 USDT');
    expect(row('bind_email').getByTestId('welfare-task-progress')).toHaveAttribute('data-value', '100');
    expect(screen.getAllByTestId('welfare-task-claim')).toHaveLength(1);

    // History: a task's reward titled as the task is listed now.
    const claim = within(await screen.findByTestId('welfare-claims'));
    expect(claim.getByTestId('welfare-claim-title')).toHaveTextContent('Task kyc_primary');
    expect(claim.getByTestId('welfare-claim-amount')).toHaveTextContent('+2.00 USDT');
    expect(screen.getByTestId('welfare-rules')).toHaveTextContent('Claim a task reward once it is complete.');
  });

  it('signs in once: the button turns into "Signed in today", the reward is toasted and the centre read again', async () => {
    let signed = false;
    const calls = renderWelfare({
      'GET /api/welfare/center': () => ok(center(signed ? { signedToday: true, streak: 3 } : {})),
      'POST /api/welfare/signIn': () => {
        signed = true;
        return ok<Claim>({ id: 50, kind: 'sign_in', taskId: null, title: 'Day 3 sign-in', amount: '0.2', coin: 'USDT', createTime: Date.now() });
      },
    });
    fireEvent.click(await screen.findByTestId('welfare-signin-button'));
    await waitFor(() => expect(screen.getByTestId('welfare-signin-button')).toBeDisabled());
    expect(screen.getByTestId('welfare-signin-button')).toHaveTextContent('Signed in today');
    expect(screen.getByTestId('welfare-day-3')).toHaveAttribute('data-state', 'signedToday');
    expect(screen.getByTestId('welfare-today-reward')).toHaveTextContent('+0.20 USDT');
    expect(toastTexts()).toContain('Signed in: +0.20 USDT');
    expect(sent(calls, 'POST /api/welfare/signIn')).toHaveLength(1);
    expect(sent(calls, 'GET /api/welfare/center').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getByTestId('welfare-signin-button'));
    expect(sent(calls, 'POST /api/welfare/signIn')).toHaveLength(1);
  });

  it('a day already signed shows the button disabled from the start', async () => {
    renderWelfare({ 'GET /api/welfare/center': ok(center({ signedToday: true, streak: 1 })) });
    const button = await screen.findByTestId('welfare-signin-button');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Signed in today');
    expect(screen.getByTestId('welfare-day-1')).toHaveAttribute('data-state', 'signedToday');
  });

  it('claims a done task with its id, then shows it Claimed and toasts the reward', async () => {
    let claimed = false;
    const tasks = () => [task(1, 'bind_email', { title: 'Bind your email', current: '1', done: true, claimed })];
    const calls = renderWelfare({
      'GET /api/welfare/center': () => ok(center({ tasks: tasks() })),
      'POST /api/welfare/claim': () => {
        claimed = true;
        return ok<Claim>({ id: 51, kind: 'task', taskId: 1, title: 'Bind your email', amount: '1', coin: 'USDT', createTime: Date.now() });
      },
    });
    fireEvent.click(await screen.findByTestId('welfare-task-claim'));
    await waitFor(() => expect(row('bind_email').getByTestId('welfare-task-claimed')).toBeInTheDocument());
    expect(row('bind_email').queryByTestId('welfare-task-claim')).toBeNull();
    expect(JSON.parse(sent(calls, 'POST /api/welfare/claim')[0].data as string)).toEqual({ taskId: 1 });
    expect(toastTexts()).toContain('Reward received: +1.00 USDT');
  });

  it('a refused claim shows the server message and reads the centre again', async () => {
    const calls = renderWelfare({
      'GET /api/welfare/center': ok(center()),
      'POST /api/welfare/claim': fail(-7301, 'This reward was already claimed'),
    });
    fireEvent.click(await screen.findByTestId('welfare-task-claim'));
    await waitFor(() => expect(toastTexts()).toContain('This reward was already claimed'));
    await waitFor(() => expect(sent(calls, 'GET /api/welfare/center').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByTestId('welfare-task-claim')).toBeEnabled();
  });

  it('before the first deposit: says so, links to the deposit screen, and offers no sign-in or claim', async () => {
    const calls = renderWelfare({ 'GET /api/welfare/center': ok(center({ condition: { minDeposit: '0', deposited: '0', met: false } })) });
    const card = within(await screen.findByTestId('welfare-condition'));
    expect(screen.getByTestId('welfare-condition')).toHaveAttribute('data-met', 'false');
    expect(card.getByTestId('welfare-condition-text')).toHaveTextContent('Task and sign-in rewards are paid after your first confirmed deposit.');
    expect(card.queryByTestId('welfare-condition-have')).toBeNull();
    expect(card.getByTestId('welfare-deposit-link')).toHaveAttribute('href', '/recharge');
    expect(screen.getByTestId('welfare-signin-button')).toBeDisabled();
    expect(row('bind_email').getByTestId('welfare-task-claim')).toBeDisabled();
    fireEvent.click(screen.getByTestId('welfare-signin-button'));
    fireEvent.click(row('bind_email').getByTestId('welfare-task-claim'));
    expect(sent(calls, 'POST /api/welfare/signIn')).toHaveLength(0);
    expect(sent(calls, 'POST /api/welfare/claim')).toHaveLength(0);
  });

  it("an operator's minimum: shows it and what is deposited so far", async () => {
    renderWelfare({ 'GET /api/welfare/center': ok(center({ condition: { minDeposit: '1000', deposited: '250.5', met: false } })) });
    const card = within(await screen.findByTestId('welfare-condition'));
    expect(card.getByTestId('welfare-condition-text')).toHaveTextContent('once your confirmed deposits reach 1,000 USDT.');
    expect(card.getByTestId('welfare-condition-have')).toHaveTextContent('Deposited so far: 250.5 USDT');
    expect(card.getByTestId('welfare-deposit-link')).toBeInTheDocument();
  });

  it('once met: says rewards can be claimed, without a deposit link, and the first-trade task says which trade counts', async () => {
    renderWelfare({ 'GET /api/welfare/center': ok(center({ tasks: [task(5, 'first_trade', {})] })) });
    const card = await screen.findByTestId('welfare-condition');
    expect(card).toHaveAttribute('data-met', 'true');
    expect(card).toHaveTextContent('Deposit confirmed: task and sign-in rewards can be claimed.');
    expect(screen.queryByTestId('welfare-deposit-link')).toBeNull();
    expect(screen.getByTestId('welfare-signin-button')).toBeEnabled();
    expect(row('first_trade').getByTestId('welfare-task-hint')).toHaveTextContent('paid for with deposited funds, not with rewards');
  });
});
