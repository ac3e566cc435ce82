import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui';
import { SecondContractPanel } from '../components/SecondContractPanel';

/** /flash: second contracts - pick a coin and a period, stake USDT on Up or Down, follow the open orders to their result. */
export default function SecondContractsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('sc_title')} back={false} testId="screen-flash">
      <SecondContractPanel />
    </Page>
  );
}
