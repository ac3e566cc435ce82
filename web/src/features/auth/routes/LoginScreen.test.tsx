import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll, toastTexts } from '@/test/reset';
import { useSession } from '@/shared/session/session-store';
import { solves } from '@/shared/security/pow';
import LoginScreen from './LoginScreen';


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

const CODE_NEEDED = 'Many failed sign-ins from elsewhere: enter the code sent to your bound email or phone with your password';
const CHALLENGE_NEEDED = 'Many failed sign-ins from elsewhere: your device must complete a short check before signing in';
const CHALLENGE_INVALID = 'The sign-in check has expired or is not valid. Please try again';
const SIGNED_IN = {
  'GET /api/user/getInfo': ok({ user: { userId: 1, username: 'alice' }, asset: [] }),
  'GET /api/user/withdrawAddress': ok([]),
};

describe('login screen, account slowed with a bound email or phone (-1019)', () => {
  it('asks for a code sent to the address the owner types, then signs in with code and password', async () => {
    const calls = mockHttp({
      'POST /api/user/login': (config) => (body(config).code === '123456' ? ok({ satoken: 'tok-1' }) : body(config).code ? fail(-1021, 'Wrong verification code') : fail(-1019, CODE_NEEDED)),
      'POST /api/user/sendUnlockCode': ok(null),
      ...SIGNED_IN,
    });
    renderScreen();
    expect(screen.queryByTestId('login-code-panel')).not.toBeInTheDocument();

    signIn();
    expect(await screen.findByTestId('login-code-panel')).toHaveTextContent("Confirm it's you");
    expect(toastTexts()).toContain(CODE_NEEDED);

    // Without a code nothing is sent.
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Enter the verification code')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/user/login')).toHaveLength(1);

    // The address is the owner's to type: nothing is sent without a valid one.
    fireEvent.click(screen.getByTestId('login-code-send'));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user/sendUnlockCode')).toBe(false);
    fireEvent.change(screen.getByTestId('login-code-email'), { target: { value: ' alice@example.com ' } });
    fireEvent.click(screen.getByTestId('login-code-send'));
    await waitFor(() => expect(toastTexts()).toContain('If this address is bound to the account, a code is on its way.'));
    expect(body(calls.find((c) => c.url === '/api/user/sendUnlockCode')!)).toEqual({ type: 'email', email: 'alice@example.com' });

    // A wrong code keeps the panel; the right one signs in.
    fireEvent.change(screen.getByTestId('login-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(toastTexts()).toContain('Wrong verification code'));
    expect(screen.getByTestId('login-code-panel')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('login-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(useSession.getState().token).toBe('tok-1');
    const last = calls.filter((c) => c.url === '/api/user/login').at(-1)!;
    expect(body(last)).toMatchObject({ type: 'account', username: 'alice', password: 'good-pass-1', code: '123456', codeType: 'email' });
  });

  it('sends the code to the phone when the owner picks it', async () => {
    const calls = mockHttp({
      'POST /api/user/login': fail(-1019, CODE_NEEDED),
      'POST /api/user/getCountryCode': ok([{ iso: 'US', dialCode: '+1', name: 'United States' }]),
      'POST /api/user/sendUnlockCode': ok(null),
    });
    renderScreen();
    signIn();
    await screen.findByTestId('login-code-panel');
    fireEvent.click(screen.getByTestId('login-code-type-phone'));
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '4155550100' } });
    fireEvent.click(screen.getByTestId('login-code-send'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/sendUnlockCode')).toBe(true));
    const send = body(calls.find((c) => c.url === '/api/user/sendUnlockCode')!);
    expect(send.type).toBe('phone');
    expect(send.phone).toMatch(/4155550100$/);
    fireEvent.change(screen.getByTestId('login-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/user/login')).toHaveLength(2));
    expect(body(calls.filter((c) => c.url === '/api/user/login').at(-1)!)).toMatchObject({ code: '654321', codeType: 'phone' });
  });

  it('asks for nothing more on other sign-in failures', async () => {
    mockHttp({
      'POST /api/user/login': fail(-1017, 'Too many failed sign-ins from this network. Try again in 5 minutes'),
    });
    renderScreen();
    signIn();
    await waitFor(() => expect(toastTexts()).toContain('Too many failed sign-ins from this network. Try again in 5 minutes'));
    expect(screen.queryByTestId('login-code-panel')).not.toBeInTheDocument();
    expect(screen.queryByTestId('login-challenge-progress')).not.toBeInTheDocument();
  });
});

describe('login screen, account slowed without a second factor (-1026)', () => {
  it('solves the challenge on the device, showing progress, and signs in with it', async () => {
    let release: () => void = () => {};
    const issued = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockHttp({
      'POST /api/user/login': (config) => {
        const b = body(config);
        if (!b.challenge) return fail(-1026, CHALLENGE_NEEDED);
        return solves({ challenge: String(b.challenge), difficulty: 10 }, String(b.nonce)) ? ok({ satoken: 'tok-2' }) : fail(-1027, CHALLENGE_INVALID);
      },
      'POST /api/user/loginChallenge': async () => {
        await issued;
        return ok({ challenge: 'ab'.repeat(32), difficulty: 10, expiresIn: 300 });
      },
      ...SIGNED_IN,
    });
    renderScreen();
    signIn();
    const progress = await screen.findByTestId('login-challenge-progress');
    expect(progress).toHaveTextContent('Checking this device… 0%');
    release();
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(useSession.getState().token).toBe('tok-2');
    // Asked for by the same account, and no error shown for the first answer.
    expect(body(calls.find((c) => c.url === '/api/user/loginChallenge')!)).toEqual({ type: 'account', username: 'alice' });
    expect(toastTexts()).not.toContain(CHALLENGE_NEEDED);
    const logins = calls.filter((c) => c.url === '/api/user/login');
    expect(logins).toHaveLength(2);
    expect(body(logins[1])).toMatchObject({ username: 'alice', password: 'good-pass-1', challenge: 'ab'.repeat(32) });
  });

  it('takes a fresh challenge once when one expired, then shows the failure', async () => {
    const calls = mockHttp({
      'POST /api/user/login': (config) => (body(config).challenge ? fail(-1027, CHALLENGE_INVALID) : fail(-1026, CHALLENGE_NEEDED)),
      'POST /api/user/loginChallenge': ok({ challenge: 'cd'.repeat(32), difficulty: 4, expiresIn: 300 }),
    });
    renderScreen();
    signIn();
    await waitFor(() => expect(toastTexts()).toContain(CHALLENGE_INVALID));
    expect(calls.filter((c) => c.url === '/api/user/loginChallenge')).toHaveLength(2);
    expect(calls.filter((c) => c.url === '/api/user/login')).toHaveLength(3);
    expect(toastTexts().filter((m) => m === CHALLENGE_INVALID)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('login-challenge-progress')).not.toBeInTheDocument());
  });

  it('shows a wrong password answered after a solved challenge', async () => {
    mockHttp({
      'POST /api/user/login': (config) => (body(config).challenge ? fail(-1017, 'Too many failed sign-ins from this network. Try again in 5 minutes') : fail(-1026, CHALLENGE_NEEDED)),
      'POST /api/user/loginChallenge': ok({ challenge: 'cd'.repeat(32), difficulty: 4, expiresIn: 300 }),
    });
    renderScreen();
    signIn();
    await waitFor(() => expect(toastTexts()).toContain('Too many failed sign-ins from this network. Try again in 5 minutes'));
    expect(screen.queryByTestId('home-page')).not.toBeInTheDocument();
  });
});
