import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from './Icon';

interface CellProps {
  icon?: IconName;
  label: ReactNode;
  value?: ReactNode;
  badge?: number;
  to?: string;
  onClick?: () => void;
  testId?: string;
  danger?: boolean;
}

/** A row of a menu list: icon, label, value, chevron. */
export function Cell({ icon, label, value, badge, to, onClick, testId, danger }: CellProps) {
  const body = (
    <>
      {icon ? (
        <span className="cell-icon">
          <Icon name={icon} size={20} />
        </span>
      ) : null}
      <span className="cell-label">{label}</span>
      {badge ? <span className="badge" data-testid={testId ? `${testId}-badge` : undefined}>{badge > 99 ? '99+' : badge}</span> : null}
      {value !== undefined ? <span className="cell-value">{value}</span> : null}
      <span className="cell-chevron">
        <Icon name="chevron" size={16} />
      </span>
    </>
  );
  const cls = `cell ${danger ? 'cell-danger' : ''}`;
  if (to) {
    return (
      <Link to={to} className={cls} data-testid={testId}>
        {body}
      </Link>
    );
  }
  return (
    <button type="button" className={cls} onClick={onClick} data-testid={testId}>
      {body}
    </button>
  );
}

export function CellGroup({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="cell-group">
      {title ? <h3 className="cell-group-title">{title}</h3> : null}
      <div className="cell-group-body">{children}</div>
    </section>
  );
}
