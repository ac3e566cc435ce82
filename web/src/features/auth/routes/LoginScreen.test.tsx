import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll, toastTexts } from '@/test/reset';
import { useSession } from '@/shared/session/session-store';
import LoginScreen from './LoginScreen';

const LOCKED = 'This account is locked after repeated failed sign-ins. Unlock it with a code sent to your bound email or phone, or wait 24 hours';

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/" element={<div data-testid="home-page" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function body(config: { data?: unknown }): Record<string, unknown> {
  return JSON.parse(String(config.data));
}

function signIn() {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'alice' } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'good-pass-1' } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

beforeEach(() => {
  resetAll();
});

describe('login screen, account locked (-1016)', () => {
  it('offers an unlock code to the email the owner types, unlocks, then signs in', async () => {
    let locked = true;
    const calls = mockHttp({
      'POST /api/user/login': () => (locked ? fail(-1016, LOCKED) : ok({ satoken: 'tok-1' })),
      'POST /api/user/sendUnlockCode': ok(null),
      'POST /api/user/unlock': (config) => {
        if (body(config).code !== '123456') return fail(-1021, 'Wrong verification code');
        locked = false;
        return ok(null);
      },
      'GET /api/user/getInfo': ok({ user: { userId: 1, username: 'alice' }, asset: [] }),
      'GET /api/user/withdrawAddress': ok([]),
    });
    renderScreen();
    expect(screen.queryByTestId('login-unlock-offer')).not.toBeInTheDocument();

    signIn();
    fireEvent.click(await screen.findByTestId('login-unlock-offer'));
    expect(toastTexts()).toContain(LOCKED);
    const panel = screen.getByTestId('unlock-panel');
    expect(panel).toHaveTextContent('Unlock your account');
    expect(screen.queryByTestId('login-unlock-offer')).not.toBeInTheDocument();

    // The address is the owner's to type: nothing is sent without a valid one.
    fireEvent.click(screen.getByTestId('unlock-send-code'));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user/sendUnlockCode')).toBe(false);

    fireEvent.change(screen.getByTestId('unlock-email'), { target: { value: ' alice@example.com ' } });
    fireEvent.click(screen.getByTestId('unlock-send-code'));
    await waitFor(() => expect(toastTexts()).toContain('If this address belongs to a locked account, an unlock code is on its way.'));
    const send = calls.find((c) => c.url === '/api/user/sendUnlockCode')!;
    expect(body(send)).toEqual({ type: 'email', email: 'alice@example.com' });

    // A wrong code keeps the panel; the right one unlocks and closes it.
    fireEvent.change(screen.getByTestId('unlock-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    await waitFor(() => expect(toastTexts()).toContain('Wrong verification code'));
    expect(screen.getByTestId('unlock-panel')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('unlock-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('unlock-submit'));
    await waitFor(() => expect(screen.queryByTestId('unlock-panel')).not.toBeInTheDocument());
    expect(toastTexts()).toContain('Account unlocked. You can sign in now.');
    const unlock = calls.filter((c) => c.url === '/api/user/unlock').at(-1)!;
    expect(body(unlock)).toEqual({ type: 'email', email: 'alice@example.com', code: '123456' });

    signIn();
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(useSession.getState().token).toBe('tok-1');
  });

  it('unlocks with the phone when the owner picks it', async () => {
    const calls = mockHttp({
      'POST /api/user/login': fail(-1016, LOCKED),
      'POST /api/user/getCountryCode': ok([{ iso: 'US', dialCode: '+1', name: 'United States' }]),
      'POST /api/user/sendUnlockCode': ok(null),
    });
    renderScreen();
    signIn();
    fireEvent.click(await screen.findByTestId('login-unlock-offer'));
    fireEvent.click(screen.getByTestId('unlock-type-phone'));
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '4155550100' } });
    fireEvent.click(screen.getByTestId('unlock-send-code'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/sendUnlockCode')).toBe(true));
    const send = calls.find((c) => c.url === '/api/user/sendUnlockCode')!;
    expect(body(send).type).toBe('phone');
    expect(body(send).phone).toMatch(/4155550100$/);
  });

  it('does not offer an unlock for other sign-in failures', async () => {
    mockHttp({
      'POST /api/user/login': fail(-1017, 'Too many failed sign-ins from this network. Try again in 5 minutes'),
    });
    renderScreen();
    signIn();
    await waitFor(() => expect(toastTexts()).toContain('Too many failed sign-ins from this network. Try again in 5 minutes'));
    expect(screen.queryByTestId('login-unlock-offer')).not.toBeInTheDocument();
  });
});
