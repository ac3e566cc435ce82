import type { ReactNode } from 'react';
import { useMoney } from '@/shared/format/use-money';
import { Ltr, Spinner } from '@/shared/ui';
import styles from '../earn.module.css';

export interface SummaryItem {
  label: string;
  /** A USDT amount, or a count when `count`. */
  value: string | number | undefined;
  testId: string;
  count?: boolean;
}

/** The header card of the caller's own totals: each figure as the server sent it (USDT, padded to 2 decimals, never cut). */
export function Summary({ title, items, loading, testId, footer }: { title: string; items: SummaryItem[]; loading: boolean; testId: string; footer?: ReactNode }) {
  const money = useMoney();
  return (
    <section className={`card ${styles['ea-summary']}`} data-testid={testId}>
      <div className={styles['ea-summary-head']}>
        <h2>{title}</h2>
        {loading ? <Spinner size={16} /> : null}
      </div>
      <dl className={styles['ea-summary-grid']}>
        {items.map((item) => (
          <div key={item.testId}>
            <dt>{item.label}</dt>
            <dd data-testid={item.testId} data-value={item.value === undefined ? undefined : String(item.value)}>
              {item.value === undefined ? (
                '--'
              ) : item.count ? (
                <Ltr>{String(item.value)}</Ltr>
              ) : (
                <>
                  <Ltr>{money.amount(String(item.value), 'USDT')}</Ltr> <small>USDT</small>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {footer}
    </section>
  );
}
