import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { CustomerServiceHost } from './CustomerServiceHost';
import { MobileShell } from './MobileShell';
import { openCustomerService } from '@/shared/events';
import { useSession } from '@/shared/session/session-store';
import { resetAll } from '@/test/reset';

beforeEach(() => resetAll());
afterEach(() => vi.restoreAllMocks());

const renderHost = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <CustomerServiceHost />
      <Routes>
        <Route path="/" element={<p>home screen</p>} />
        <Route path="/help" element={<p>help screen</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('customer service event', () => {
  it('opens the only service link in a new window', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    useSession.getState().setCustomerServiceList([{ url: 'https://help.example/chat' }]);
    renderHost();
    act(() => openCustomerService());
    expect(open).toHaveBeenCalledWith('https://help.example/chat', '_blank', 'noopener');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a service page of the app itself in the app, not in a new tab', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    useSession.getState().setCustomerServiceList([{ url: '/help', name: 'Help centre' }]);
    renderHost();
    expect(screen.getByText('home screen')).toBeInTheDocument();
    act(() => openCustomerService());
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByText('help screen')).toBeInTheDocument();
  });

  it('treats a protocol-relative link as another site', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    useSession.getState().setCustomerServiceList([{ url: '//chat.example/desk' }]);
    renderHost();
    act(() => openCustomerService());
    expect(open).toHaveBeenCalledWith('//chat.example/desk', '_blank', 'noopener');
    expect(screen.getByText('home screen')).toBeInTheDocument();
  });

  it('lists several service links in a popup', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    useSession.getState().setCustomerServiceList([
      { url: 'https://a.example', name: 'Desk A' },
      { url: 'https://b.example', name: 'Desk B' },
    ]);
    renderHost();
    act(() => openCustomerService());
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('Desk A')).toBeInTheDocument();
    expect(screen.getByText('Desk B')).toBeInTheDocument();
  });

  it("shows 'noData' when there is no service link", () => {
    renderHost();
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
