import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/session/session-store';
import { Page, Tabs } from '@/shared/ui';
import { PagedList } from '@/shared/ui/PagedList';
import { getDownline, type Member, AGENT_KEY, rewardsStyles as styles } from '@/features/rewards';
import { MemberRow } from '../components/MemberRow';

type LevelTab = 'all' | '1' | '2' | '3';

/** A member has no id of its own: level, account and join time tell rows apart. */
const memberKey = (m: Member) => `${m.level}:${m.account}:${m.joinTime}`;

/** /proxy/records: my downline, newest first, by level. */
export default function ProxyRecordsScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const [tab, setTab] = useState<LevelTab>('all');
  const level = tab === 'all' ? null : (Number(tab) as 1 | 2 | 3);
  return (
    <Page title={t('agent_recordsTitle')} testId="screen-proxyRecords">
      <div className={styles.rw}>
        <Tabs<LevelTab>
          items={[
            { key: 'all', label: t('all') },
            { key: '1', label: t('agent_levelN', { level: 1 }) },
            { key: '2', label: t('agent_levelN', { level: 2 }) },
            { key: '3', label: t('agent_levelN', { level: 3 }) },
          ]}
          value={tab}
          onChange={setTab}
          testId="agent-records-level"
        />
        <PagedList<Member>
          key={tab}
          queryKey={[...AGENT_KEY, 'downline', tab]}
          fetchPage={(n, size) => getDownline(level, n, size)}
          itemKey={memberKey}
          renderItem={(m) => <MemberRow member={m} />}
          testId="agent-downline"
          enabled={isSign}
        />
      </div>
    </Page>
  );
}
