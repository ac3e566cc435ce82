import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { consoleI18n } from '../../i18n';
import { useOperator } from '../../session';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('../../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api')>()), adminApi: api }));

import { ConditionEditor } from './ConditionEditor';

function wrap() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={consoleI18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ConditionEditor />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  void consoleI18n.changeLanguage('en');
  useOperator.setState({ token: 't', username: 'admin', role: 'owner', language: 'en' });
  for (const f of Object.values(api)) f.mockReset();
  api.get.mockImplementation(async (url: string) => {
    if (url === '/api/admin/welfare/condition') return { minDeposit: '0' };
    if (url === '/api/admin/audit') return { rows: [], total: 0 };
    throw new Error(`unexpected GET ${url}`);
  });
});

describe('the deposit welfare rewards wait for', () => {
  it('shows the minimum in force, refuses a negative one, and saves a new one with a reason', async () => {
    api.put.mockResolvedValue({ minDeposit: '20' });
    wrap();
    const input = (await screen.findByTestId('condition-min')) as HTMLInputElement;
    expect(input.value).toBe('0');
    expect(screen.getByTestId('condition-save')).toBeDisabled();
    fireEvent.change(input, { target: { value: '-5' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a plain decimal of 0 or more');
    expect(screen.getByTestId('condition-save')).toBeDisabled();
    fireEvent.change(input, { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('condition-save'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('diff')).toHaveTextContent('0 USDT');
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'farmed accounts' } });
    fireEvent.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/admin/welfare/condition', { minDeposit: '20', reason: 'farmed accounts' }));
    await screen.findByTestId('done');
    expect((screen.getByTestId('condition-min') as HTMLInputElement).value).toBe('20');
  });
});
