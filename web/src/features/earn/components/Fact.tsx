import type { ReactNode } from 'react';
import styles from '../earn.module.css';

/** One figure of a card or a preview; `value` is the raw figure for tests and journeys (data-value). */
export function Fact({ label, children, testId, value }: { label: ReactNode; children: ReactNode; testId?: string; value?: string | number | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId} data-value={value === null || value === undefined ? undefined : String(value)}>
        {children}
      </dd>
    </div>
  );
}

/** A definition list of facts: `grid` for a card's figures, else label-value rows. */
export function Facts({ children, grid = false, testId }: { children: ReactNode; grid?: boolean; testId?: string }) {
  return (
    <dl className={grid ? styles['ea-grid'] : styles['ea-facts']} data-testid={testId}>
      {children}
    </dl>
  );
}
