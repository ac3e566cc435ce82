import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui';
import type { RuleCheck } from '../lib/credential-rules';
import styles from './rule-list.module.css';

/**
 * A field's rules, shown before anything is typed: each one ticks when met;
 * once `strict` (the form was submitted) every unmet one is marked at once.
 */
export function RuleList({ checks, strict, testId }: { checks: RuleCheck[]; strict: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.rules} data-testid={testId}>
      {checks.map((c) => {
        const state = c.ok ? 'met' : strict ? 'broken' : 'open';
        return (
          <li key={c.rule} className={styles[state]} data-rule={c.rule} data-state={state} role={state === 'broken' ? 'alert' : undefined}>
            <Icon name={c.ok ? 'check' : strict ? 'close' : 'check'} size={13} />
            <span>{t(c.text, c.params)}</span>
          </li>
        );
      })}
    </ul>
  );
}
