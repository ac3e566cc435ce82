import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui';
import { FlashExchangePanel } from '../components/FlashExchangePanel';

/** /exchange: the same coin-to-coin exchange as /flashExchange (spec 2 lists both for "exchange"). */
export default function ExchangeScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('exchange_title')} testId="screen-exchange">
      <FlashExchangePanel />
    </Page>
  );
}
