import { screen, within } from '@testing-library/react';
import type { ConsoleRoute } from '../routes-extra';
import { menuSections } from './menu';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from './test-utils';

const extra: ConsoleRoute[] = [
  { path: 'queues/deposits', menuKey: 'shell.menu.users', permission: 'reviewFunds', element: <div>deposit queue</div> },
  { path: 'queues/kyc', menuKey: 'shell.menu.users', permission: 'reviewKyc', element: <div data-testid="kyc-page">kyc queue</div> },
  { path: 'settings', menuKey: 'shell.menu.security', permission: 'editSettings', element: <div data-testid="settings-page">settings</div> },
  { path: 'queues/deposits/:id', menuKey: null, permission: 'reviewFunds', element: <div>one claim</div> },
];

const dashboard = { today: null, queues: null, fees: null, house: null, audit: null, feeds: [] };

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

describe('the side menu', () => {
  it('lists only what the permissions allow, in the fixed order', () => {
    const can = (p: string | null) => !p || ['readUsers', 'reviewKyc'].includes(p);
    const sections = menuSections(extra, can);
    const paths = sections.flatMap((s) => s.entries.map((e) => e.to));
    expect(paths).toEqual(['/', '/users', '/queues/kyc', '/security']);
    const all = menuSections(extra, () => true).flatMap((s) => s.entries.map((e) => e.to));
    expect(all).toEqual(['/', '/users', '/queues/deposits', '/queues/kyc', '/settings', '/audit', '/security']);
    // Two queue entries: the area gets a heading.
    expect(menuSections(extra, () => true).find((s) => s.entries.some((e) => e.to === '/queues/kyc'))?.headingKey).toBe('shell.menu.area.queues');
  });

  it('hides pages a support operator may not open, and shows "not allowed" when opened anyway', async () => {
    signedInAs('sam', 'support');
    mockAdminApi({
      'GET /api/admin/me': me('support', ['readUsers', 'sendMessages', 'readOutbox']),
      'GET /api/admin/dashboard': dashboard,
    });
    renderConsole('/settings', extra);
    expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
    expect(screen.queryByTestId('settings-page')).toBeNull();
    const menu = screen.getByTestId('side-menu');
    expect(within(menu).getByText('Dashboard')).toBeInTheDocument();
    expect(within(menu).getByText('Users')).toBeInTheDocument();
    expect(within(menu).queryByText('Audit log')).toBeNull();
    expect(within(menu).getByText('My security')).toBeInTheDocument();
    const links = within(menu)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/', '/users', '/security']);
    expect(screen.getByTestId('operator')).toHaveTextContent('sam');
    expect(screen.getByTestId('operator')).toHaveTextContent('Support');
  });

  it('opens a registered page for an operator who holds its permission', async () => {
    signedInAs('kim', 'compliance');
    mockAdminApi({ 'GET /api/admin/me': me('compliance', ['readUsers', 'freezeUsers', 'reviewKyc']) });
    renderConsole('/queues/kyc', extra);
    expect(await screen.findByTestId('kyc-page')).toBeInTheDocument();
    const links = within(screen.getByTestId('side-menu'))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/', '/users', '/queues/kyc', '/security']);
  });

  it('falls back to the role when the server has no /me yet', async () => {
    signedInAs('admin', 'owner');
    mockAdminApi({ 'GET /api/admin/dashboard': dashboard, 'GET /api/admin/audit/runs': { rows: [], total: 0 } });
    renderConsole('/', extra);
    const menu = await screen.findByTestId('side-menu');
    expect(await within(menu).findByText('Audit log')).toBeInTheDocument();
  });
});
