import { render, screen } from '@testing-library/react';
import '@/shared/i18n/i18n';
import { StatusChip } from './StatusChip';

describe('status chip', () => {
  it('shows a contested deposit claim as under review, in the pending colour', () => {
    render(<StatusChip status="review" testId="chip" />);
    const chip = screen.getByTestId('chip');
    expect(chip).toHaveTextContent('Under review');
    expect(chip).toHaveClass('chip-warning');
    expect(chip).toHaveAttribute('data-status', 'review');
  });

  it('translates the other states and shows an unknown one as it came', () => {
    render(<StatusChip status="pending" testId="pending" />);
    render(<StatusChip status="lost" testId="lost" />);
    expect(screen.getByTestId('pending')).toHaveTextContent('Pending');
    expect(screen.getByTestId('lost')).toHaveTextContent('lost');
  });
});
