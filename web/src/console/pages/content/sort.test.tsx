import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { consoleI18n } from '../../i18n';
import { answerGets, api, renderPage } from '../queues/test-utils';
import OutboxPage from './OutboxPage';

vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  adminApi: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const sent = (id: number, target: string) => ({ id, channel: 'email', target, subject: 'Your code', purpose: 'register', status: 'sent', error: null, createTime: '2025-01-15T10:00:00Z' });

beforeEach(async () => {
  vi.clearAllMocks();
  await consoleI18n.changeLanguage('en');
  answerGets([['/api/admin/outbox', () => ({ rows: [sent(2, 'b@example.com'), sent(1, 'a@example.com')], total: 60 })]]);
});

describe('sorting the outbox', () => {
  it('asks for a clicked column from page 1 with the target filter, then the other way round', async () => {
    const user = userEvent.setup();
    renderPage(<OutboxPage />, { route: '/page?target=a@example.com&page=3' });
    const table = await screen.findByTestId('outbox-table');
    expect(within(table).getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending');
    const last = () => api().get.mock.calls.at(-1)?.[1];
    expect(last()).toMatchObject({ target: 'a@example.com', pageNum: 3 });

    await user.click(within(table).getByRole('button', { name: /To/ }));
    await waitFor(() => expect(last()).toMatchObject({ target: 'a@example.com', orderBy: 'target', order: 'asc', pageNum: 1 }));
    await user.click(within(screen.getByTestId('outbox-table')).getByRole('button', { name: /To/ }));
    await waitFor(() => expect(last()).toMatchObject({ orderBy: 'target', order: 'desc' }));
    expect(within(screen.getByTestId('outbox-table')).getByRole('columnheader', { name: /To/ })).toHaveAttribute('aria-sort', 'descending');
  });
});
