import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApiError } from '../../api';
import { consoleI18n } from '../../i18n';
import KycQueuePage from './KycQueuePage';
import type { KycRow } from './common/types';
import { answerGets, api, renderPage, stubDocuments } from './test-utils';

vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  adminApi: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const row = (id: number, name: string, extra: Partial<KycRow> = {}): KycRow => ({
  id,
  userId: 100 + id,
  tier: 1,
  realName: name,
  idNumber: `ID-${id}`,
  country: 'DE',
  status: 'pending',
  frontFile: { id: `front-${id}`, url: `/api/admin/file/front-${id}/link` },
  backFile: { id: `back-${id}`, url: `/api/admin/file/back-${id}/link` },
  handFile: null,
  createTime: '2025-01-15T10:00:00Z',
  ...extra,
});

let pending: KycRow[];

beforeEach(async () => {
  vi.clearAllMocks();
  stubDocuments();
  await consoleI18n.changeLanguage('en');
  pending = [row(1, 'Ada Lovelace'), row(2, 'Grace Hopper')];
  answerGets([
    ['/api/admin/kyc', () => ({ rows: pending, total: pending.length })],
    [/^\/api\/admin\/users\/\d+$/, () => { throw new AdminApiError(-9, 'Forbidden'); }],
    [/^\/api\/admin\/file\//, () => ({ url: '/api/common/file/x?sig=1', expireTime: '2025-01-15T10:05:00Z' })],
  ]);
});

afterEach(() => vi.unstubAllGlobals());

describe('verification review', () => {
  it('opens the oldest submission with its applicant and documents shown inside the page', async () => {
    renderPage(<KycQueuePage />);
    const review = await screen.findByTestId('kyc-review');
    expect(within(review).getByText('Submission #1')).toBeInTheDocument();
    expect(within(review).getByText('ID-1')).toBeInTheDocument();
    expect((await within(review).findByAltText('ID front')).getAttribute('src')).toMatch(/^blob:/);
    expect(await within(review).findByAltText('ID back')).toBeInTheDocument();
    expect(api().get).toHaveBeenCalledWith('/api/admin/kyc', { status: 'pending', pageNum: 1, pageSize: 20 });
    expect(api().get).toHaveBeenCalledWith('/api/admin/file/front-1/link');
  });

  it('will not reject without a reason: the error is shown and nothing is sent', async () => {
    const user = userEvent.setup();
    renderPage(<KycQueuePage />);
    await screen.findByTestId('kyc-review');
    await user.click(screen.getByTestId('kyc-reject'));
    expect(await screen.findByText(/Give a reason for rejecting/)).toBeInTheDocument();
    await user.type(screen.getByTestId('reason'), '   ');
    await user.click(screen.getByTestId('kyc-approve'));
    expect(screen.getByText(/Give a reason for approving/)).toBeInTheDocument();
    expect(api().post).not.toHaveBeenCalled();
  });

  it('rejects with the reason, says so and opens the next submission', async () => {
    const user = userEvent.setup();
    api().post.mockImplementation(async () => {
      pending = pending.slice(1);
      return null;
    });
    renderPage(<KycQueuePage />);
    await screen.findByTestId('kyc-review');
    await user.type(screen.getByTestId('reason'), ' Photo is blurred ');
    await user.click(screen.getByTestId('kyc-reject'));
    expect(api().post).toHaveBeenCalledWith('/api/admin/kyc/1/reject', { reason: 'Photo is blurred' });
    expect(await screen.findByTestId('answer-ok')).toHaveTextContent('Submission #1 (Ada Lovelace) rejected');
    await waitFor(() => expect(within(screen.getByTestId('kyc-review')).getByText('Submission #2')).toBeInTheDocument());
    expect(screen.getByTestId('reason')).toHaveValue('');
  });

  it("shows the server's refusal in its own words, with the code", async () => {
    const user = userEvent.setup();
    api().post.mockRejectedValue(new AdminApiError(-2005, 'This submission was already reviewed'));
    renderPage(<KycQueuePage />);
    await screen.findByTestId('kyc-review');
    await user.type(screen.getByTestId('reason'), 'Documents match');
    await user.click(screen.getByTestId('kyc-approve'));
    const error = await screen.findByTestId('answer-error');
    expect(error).toHaveTextContent('This submission was already reviewed');
    expect(error).toHaveTextContent('code -2005');
  });

  it('speaks Chinese', async () => {
    await consoleI18n.changeLanguage('zh');
    renderPage(<KycQueuePage />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('实名审核');
    expect(await screen.findByTestId('kyc-reject')).toHaveTextContent('驳回');
    await consoleI18n.changeLanguage('en');
  });
});
