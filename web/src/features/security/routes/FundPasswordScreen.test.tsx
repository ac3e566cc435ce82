import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { useSession } from '@/shared/session/session-store';
import FundPasswordScreen from './FundPasswordScreen';

const RULES = ok({
  username: { minLength: 4, maxLength: 20, extraChars: '_' },
  password: { minLength: 8, maxLength: 64 },
  fundPassword: { minLength: 6, maxLength: 12 },
});

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/wallet', '/fund-password']} initialIndex={1}>
        <Routes>
          <Route path="/fund-password" element={<FundPasswordScreen />} />
          <Route path="/wallet" element={<div data-testid="wallet-page" />} />
          <Route path="/emailAuthentication" element={<div data-testid="email-page" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const signedIn = (user: Record<string, unknown>) =>
  useSession.setState({ token: 'tok', isSign: true, userInfo: { userId: 7, username: 'alice', hasTradePwd: false, withdrawAddress: { type: '', address: '' }, ...user } });

const states = () => Object.fromEntries(Array.from(screen.getByTestId('fund-rules').querySelectorAll('li')).map((li) => [li.dataset.rule, li.dataset.state]));

beforeEach(() => resetAll());

describe('the fund password: good digits and a code from the bound email', () => {
  it('with no email or phone, asks to bind one first and offers no form', () => {
    mockHttp({ 'GET /api/user/credentialRules': RULES });
    signedIn({ email: null, phone: null });
    renderScreen();
    expect(screen.getByTestId('fund-bind-first')).toBeInTheDocument();
    expect(screen.queryByTestId('fund-new')).toBeNull();
    fireEvent.click(screen.getByTestId('fund-bind-email'));
    expect(screen.getByTestId('email-page')).toBeInTheDocument();
  });

  it('refuses 123456 on the spot, with its rule, and sends nothing', async () => {
    const calls = mockHttp({ 'GET /api/user/credentialRules': RULES });
    signedIn({ email: 'alice@example.com' });
    renderScreen();
    await screen.findByTestId('fund-rules');
    expect(states()).toEqual({ length: 'open', digitsOnly: 'open', notTrivial: 'open' });
    fireEvent.change(screen.getByTestId('fund-new'), { target: { value: '123456' } });
    fireEvent.change(screen.getByTestId('fund-confirm'), { target: { value: '123456' } });
    fireEvent.change(screen.getByTestId('fund-code'), { target: { value: '482913' } });
    fireEvent.click(screen.getByTestId('fund-submit'));
    expect(states()).toEqual({ length: 'met', digitsOnly: 'met', notTrivial: 'broken' });
    expect(calls.some((c) => c.url === '/api/user/tardPwdSet')).toBe(false);
  });

  it('asks for the code, sends it to the bound email, and sets the password with it', async () => {
    const calls = mockHttp({
      'GET /api/user/credentialRules': RULES,
      'POST /api/user/sendEmailCode': ok(null),
      'POST /api/user/tardPwdSet': ok(null),
      'GET /api/user/getInfo': ok({ user: { userId: 7, username: 'alice', email: 'alice@example.com', hasTradePwd: true }, asset: [] }),
      'GET /api/user/withdrawAddress': ok([]),
    });
    signedIn({ email: 'alice@example.com' });
    renderScreen();
    await screen.findByTestId('fund-rules');
    expect(screen.getByText('The code goes to alice@example.com')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('fund-new'), { target: { value: '913570' } });
    fireEvent.change(screen.getByTestId('fund-confirm'), { target: { value: '913570' } });
    fireEvent.click(screen.getByTestId('fund-submit'));
    expect(screen.getByText('Enter the verification code')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user/tardPwdSet')).toBe(false);

    await act(async () => {
      fireEvent.click(screen.getByTestId('fund-send-code'));
    });
    const sent = calls.find((c) => c.url === '/api/user/sendEmailCode')!;
    expect(sent.params).toEqual({ codeType: 'security', email: 'alice@example.com' });
    fireEvent.change(screen.getByTestId('fund-code'), { target: { value: '482913' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('fund-submit'));
    });
    expect(await screen.findByTestId('wallet-page')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/user/tardPwdSet')!.params).toEqual({ pwd: '913570', code: '482913' });
  });

  it("shows the server's refusal of a wrong code and keeps the user on the form", async () => {
    const calls = mockHttp({
      'GET /api/user/credentialRules': RULES,
      'POST /api/user/tardPwdSet': fail(-1021, 'The verification code is wrong'),
    });
    signedIn({ email: 'alice@example.com' });
    renderScreen();
    await screen.findByTestId('fund-rules');
    fireEvent.change(screen.getByTestId('fund-new'), { target: { value: '913570' } });
    fireEvent.change(screen.getByTestId('fund-confirm'), { target: { value: '913570' } });
    fireEvent.change(screen.getByTestId('fund-code'), { target: { value: '000000' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('fund-submit'));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/tardPwdSet')).toBe(true));
    expect(screen.getByTestId('fund-new')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user/getInfo')).toBe(false);
    expect(useSession.getState().userInfo?.hasTradePwd).toBe(false);
  });
});
