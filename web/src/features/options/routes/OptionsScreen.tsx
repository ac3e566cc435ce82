import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui';
import { OptionPanel } from '../components/OptionPanel';

/** /flashOption (and /option): options - pick a pair and a period, stake USDT on Up or Down in the running issue, follow the orders to their result. */
export default function OptionsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('flashOption_title')} back={false} testId="screen-flashOption">
      <OptionPanel />
    </Page>
  );
}
