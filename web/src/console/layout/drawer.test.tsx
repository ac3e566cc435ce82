// The side menu as a drawer on a narrow screen: the CSS hides and slides it
// (console.css, max-width 900px); this checks the state the CSS keys on.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from './test-utils';

const dashboard = { today: null, queues: null, fees: null, house: null, audit: null, feeds: [] };

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

const shell = () => screen.getByTestId('side').parentElement as HTMLElement;

describe('the side menu drawer', () => {
  beforeEach(() => {
    signedInAs('sam', 'support');
    mockAdminApi({ 'GET /api/admin/me': me('support', ['readUsers']), 'GET /api/admin/dashboard': dashboard, 'GET /api/admin/users': { rows: [], total: 0 } });
  });

  it('opens from the top bar and closes when a page is chosen', async () => {
    const user = userEvent.setup();
    renderConsole('/');
    const toggle = await screen.findByTestId('menu-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(shell()).not.toHaveClass('is-menu-open');
    await user.click(toggle);
    expect(shell()).toHaveClass('is-menu-open');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(screen.getByTestId('side-menu')).getByText('Users'));
    expect(shell()).not.toHaveClass('is-menu-open');
    expect(screen.queryByTestId('menu-scrim')).toBeNull();
  });

  it('closes on the scrim, its close button and Escape', async () => {
    const user = userEvent.setup();
    renderConsole('/');
    await user.click(await screen.findByTestId('menu-toggle'));
    await user.click(screen.getByTestId('menu-scrim'));
    expect(shell()).not.toHaveClass('is-menu-open');
    await user.click(screen.getByTestId('menu-toggle'));
    await user.click(screen.getByTestId('menu-close'));
    expect(shell()).not.toHaveClass('is-menu-open');
    await user.click(screen.getByTestId('menu-toggle'));
    await user.keyboard('{Escape}');
    expect(shell()).not.toHaveClass('is-menu-open');
  });
});
