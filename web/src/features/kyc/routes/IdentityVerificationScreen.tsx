import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page, Tabs } from '@/shared/ui';
import { useSession } from '@/shared/session/session-store';
import { useSettings } from '@/shared/settings/settings-store';
import { isOn } from '@/shared/settings/types';
import type { KycTier } from '../api/upload-kyc';
import { KycForm } from '../components/KycForm';
import { KycStatusPanel } from '../components/KycStatusPanel';

export default function IdentityVerificationScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const limit = useSettings((s) => s.settingConfig.AUTH_LIMIT);
  const kyc = useSession((s) => s.userInfo?.kyc);
  const open: Record<KycTier, boolean> = { primary: isOn(limit?.isOpenPrimary), advanced: isOn(limit?.isOpenSenior) };
  const requested = params.get('tab') === 'advanced' ? 'advanced' : params.get('tab') === 'primary' ? 'primary' : null;
  const tier: KycTier = requested ?? (open.primary || !open.advanced ? 'primary' : 'advanced');
  const [resubmitting, setResubmitting] = useState<Record<KycTier, boolean>>({ primary: false, advanced: false });
  const current = kyc?.[tier];
  const status = current?.status ?? 'none';
  const showForm: boolean = status === 'none' || (status === 'rejected' && resubmitting[tier]);

  return (
    <Page title={t('kyc_title')} narrow testId="screen-kyc">
      <div className="stack">
        <Tabs
          items={[
            { key: 'primary', label: t('kyc_tab_primary') },
            { key: 'advanced', label: t('kyc_tab_advanced') },
          ]}
          value={tier}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          testId="kyc-tab"
        />
        {!open[tier] ? (
          <EmptyState text={t('kyc_closed')} icon="lock" />
        ) : showForm ? (
          <KycForm key={tier} tier={tier} onSubmitted={() => setResubmitting((r) => ({ ...r, [tier]: false }))} />
        ) : current && status !== 'none' ? (
          <KycStatusPanel kyc={{ ...current, status: status as 'pending' | 'approved' | 'rejected' }} onResubmit={() => setResubmitting((r) => ({ ...r, [tier]: true }))} />
        ) : null}
      </div>
    </Page>
  );
}
