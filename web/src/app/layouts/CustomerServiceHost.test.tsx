import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CustomerServiceHost } from './CustomerServiceHost';
import { MobileShell } from './MobileShell';
import { openCustomerService } from '@/shared/events';
import { useSession } from '@/shared/session/session-store';
import { resetAll } from '@/test/reset';

beforeEach(() => resetAll());
afterEach(() => vi.restoreAllMocks());

describe('customer service event', () => {
  it('opens the only service link in a new window', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    useSession.getState().setCustomerServiceList([{ url: 'https://help.example/chat' }]);
    render(<CustomerServiceHost />);
    act(() => openCustomerService());
    expect(open).toHaveBeenCalledWith('https://help.example/chat', '_blank', 'noopener');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists several service links in a popup', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    useSession.getState().setCustomerServiceList([
      { url: 'https://a.example', name: 'Desk A' },
      { url: 'https://b.example', name: 'Desk B' },
    ]);
    render(<CustomerServiceHost />);
    act(() => openCustomerService());
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('Desk A')).toBeInTheDocument();
    expect(screen.getByText('Desk B')).toBeInTheDocument();
  });

  it("shows 'noData' when there is no service link", () => {
    render(<CustomerServiceHost />);
    act(() => openCustomerService());
    expect(screen.getByText('No data')).toBeInTheDocument();
  });
});

describe('bottom tab bar', () => {
  const renderAt = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <MobileShell>
          <p>screen</p>
        </MobileShell>
      </MemoryRouter>,
    );

  it('shows five tabs on the tab paths', () => {
    renderAt('/wallet');
    const bar = screen.getByTestId('tabbar');
    expect(bar.querySelectorAll('a')).toHaveLength(5);
    expect([...bar.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/', '/store', '/flash', '/finance', '/wallet']);
  });

  it('hides on other paths', () => {
    renderAt('/changePassword');
    expect(screen.queryByTestId('tabbar')).toBeNull();
  });
});
