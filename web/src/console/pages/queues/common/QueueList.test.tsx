// The list every review queue shows: loading, failure with a retry, an empty
// page, rows that open on click or Enter, and paging past one page.
import { fireEvent, screen } from '@testing-library/react';
import { AdminApiError } from '../../../api';
import { renderPage } from '../test-utils';
import { QueueList } from './QueueList';

interface Row {
  id: number;
  name: string;
}

const idle = { isPending: false, isError: false, error: null, refetch: () => {} };

function list(props: Partial<Parameters<typeof QueueList<Row, string>>[0]> = {}) {
  const update = vi.fn();
  renderPage(
    <QueueList<Row, string>
      label="Things"
      heading="Waiting"
      list={{ ...idle, data: { rows: [{ id: 1, name: 'one' }, { id: 2, name: 'two' }], total: 2 } }}
      empty="Nothing waiting"
      columns={[
        { column: 'id', label: '#' },
        { column: 'name', label: 'Name' },
      ]}
      ownSort={{ orderBy: 'id', order: 'asc' }}
      cells={(r) => (
        <>
          <td>{r.id}</td>
          <td>{r.name}</td>
        </>
      )}
      rowTestId={(r) => `thing-${r.id}`}
      openId={1}
      queue={{ page: 1, sort: null, update }}
      {...props}
    />,
  );
  return { update };
}

describe('QueueList', () => {
  it('shows the rows, the open one selected, and opens another on click or Enter', () => {
    const { update } = list();
    expect(screen.getByRole('region', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByTestId('thing-1')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('thing-2')).toHaveAttribute('aria-selected', 'false');
    fireEvent.click(screen.getByTestId('thing-2'));
    fireEvent.keyDown(screen.getByTestId('thing-2'), { key: 'Enter' });
    expect(update).toHaveBeenCalledTimes(2);
    expect(update).toHaveBeenCalledWith({ id: 2 });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says so when the page is empty', () => {
    list({ list: { ...idle, data: { rows: [], total: 0 } } });
    expect(screen.getByText('Nothing waiting')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failure with a retry', () => {
    const refetch = vi.fn();
    list({ list: { ...idle, isError: true, error: new AdminApiError(403, 'no'), refetch } });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button'));
    expect(refetch).toHaveBeenCalled();
  });

  it('pages when there is more than one page', () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `n${i}` }));
    const { update } = list({ list: { ...idle, data: { rows, total: 45 } } });
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(update).toHaveBeenCalledWith({ page: 2, id: null });
  });
});
