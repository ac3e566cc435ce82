import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { EarlyRule } from '../api';
import { fractionToPercent } from '../lib/interest';
import styles from '../earn.module.css';

/** The early-redemption rule in words, with the penalty as a percent of the principal. */
export function earlyRuleText(t: TFunction, rule: string | undefined, defaultOdds: string): string {
  const r: EarlyRule = rule === 'none' || rule === 'forfeit' ? rule : 'penalty';
  if (r === 'none') return t('earn_rule_none');
  if (r === 'forfeit') return t('earn_rule_forfeit');
  return t('earn_rule_penalty', { percent: fractionToPercent(defaultOdds) });
}

/** How interest reaches the user: daily to spot (1) or with the principal at maturity (2). */
export function settlementText(t: TFunction, settlementType: number): string {
  return settlementType === 1 ? t('earn_settle_daily') : t('earn_settle_maturity');
}

/**
 * What the user must know before money moves: who pays the interest, that it
 * is not a bank deposit, the early-redemption rule, and what the rate is fixed to.
 */
export function Disclosures({ kind, earlyRule, defaultOdds, testId }: { kind: 'finance' | 'staking'; earlyRule: string | undefined; defaultOdds: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles['ea-disclosures']} aria-label={t('earn_disclosures')} data-testid={testId}>
      <h3>{t('earn_disclosures')}</h3>
      <ul>
        <li>{t('earn_disc_house')}</li>
        <li>{t('earn_disc_notBank')}</li>
        <li data-testid={`${testId}-early`}>{earlyRuleText(t, earlyRule, defaultOdds)}</li>
        <li>{kind === 'finance' ? t('earn_disc_aprFixed') : t('earn_disc_schedule')}</li>
      </ul>
    </section>
  );
}
