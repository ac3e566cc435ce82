import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useSession } from '@/shared/session/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { AgentInfo } from '@/features/rewards';
import type { UserInfo } from '@/shared/api/types';
import InviteScreen, { inviteLink } from './InviteScreen';

const INFO: AgentInfo = {
  childCount: 2,
  childAllCount: 4,
  todayCount: 0,
  yesterdayCount: 1,
  oneCount: 2,
  twoCount: 1,
  threeCount: 1,
  sumCount: 4,
  sumAmount: '7.5',
  todayAmount: '0',
  rebates: [{ coin: 'USDT', total: '7.5', today: '0' }],
  isOpen: true,
  oneRatio: '20',
  twoRatio: '10',
  threeRatio: '5',
};

beforeEach(() => resetAll());

describe('/invaite', () => {
  it('keeps the code, link and QR, and adds the live shares, my team and rebates, and the way to /proxy', async () => {
    useSession.getState().signIn('tok');
    useSession.setState({ userInfo: { userId: 1, username: 'demo', inviteCode: 'ONYXDEMO' } as UserInfo });
    mockHttp({
      'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [] }),
      'POST /api/agentActivityInfo/getAgentInfo': ok(INFO),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/invaite']}>
          <InviteScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('invite-code')).toHaveTextContent('ONYXDEMO');
    expect(screen.getByTestId('invite-link')).toHaveTextContent(inviteLink(window.location.origin, 'ONYXDEMO'));
    expect(screen.getByTestId('invite-qr')).toBeInTheDocument();
    expect(await screen.findByTestId('invite-shares-ratio-1')).toHaveTextContent('20%');
    expect(screen.getByTestId('invite-shares-ratio-2')).toHaveTextContent('10%');
    expect(screen.getByTestId('invite-shares-ratio-3')).toHaveTextContent('5%');
    expect(screen.getByTestId('invite-child-count')).toHaveTextContent('2');
    expect(screen.getByTestId('invite-all-count')).toHaveTextContent('4');
    expect(screen.getByTestId('invite-sum-amount')).toHaveTextContent('7.50 USDT');
    expect(screen.getByTestId('invite-agent-link')).toHaveAttribute('href', '/proxy');
    expect(screen.getByTestId('invite-rules')).toBeInTheDocument();
  });

  it('builds the link the register screen reads', () => {
    expect(inviteLink('https://x.test', 'A B')).toBe('https://x.test/register?inviteCode=A%20B');
  });
});
