import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui';
import { FuturesPanel } from '@/features/futures/components/FuturesPanel';

/** /contract: USDT-margined perpetual futures - pick a contract, open long or short, follow and manage the positions. */
export default function FuturesScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('contract_title')} back={false} testId="screen-contract">
      <FuturesPanel />
    </Page>
  );
}
