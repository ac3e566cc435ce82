import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format/date';
import { useMoney } from '@/shared/format/use-money';
import { Ltr } from '@/shared/ui';
import { type Member, volumeBandText, rewardsStyles as styles } from '@/features/rewards';

/** One member of my downline: masked account, level, when they joined, their spot volume band and my USDT rebates from them. */
export function MemberRow({ member }: { member: Member }) {
  const { t } = useTranslation();
  const money = useMoney();
  const band = volumeBandText(member.volumeBand);
  return (
    <div className={styles['rw-row']} data-testid="agent-member" data-level={member.level}>
      <div className={styles['rw-row-top']}>
        <span className={`${styles['rw-row-title']} mono`} dir="ltr" data-testid="agent-member-account">
          {member.account}
        </span>
        <span className="chip chip-accent" data-testid="agent-member-level">
          {t('agent_levelN', { level: member.level })}
        </span>
      </div>
      <dl className={styles['rw-row-facts']}>
        <div>
          <dt>{t('agent_joined')}</dt>
          <dd data-testid="agent-member-joined" data-value={member.joinTime}>
            <bdi>{formatDate(member.joinTime)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('agent_volume')}</dt>
          <dd data-testid="agent-member-volume" data-value={member.volumeBand}>
            {band === null ? t('agent_volumeNone') : <Ltr>{band}</Ltr>}
          </dd>
        </div>
        <div>
          <dt>{t('agent_rebatesFrom')}</dt>
          <dd data-testid="agent-member-rebates" data-value={member.rebates}>
            <Ltr>{money.amount(member.rebates, 'USDT')}</Ltr> USDT
          </dd>
        </div>
      </dl>
    </div>
  );
}
