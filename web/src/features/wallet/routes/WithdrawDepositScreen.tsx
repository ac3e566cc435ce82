import { useTranslation } from 'react-i18next';
import { Cell, CellGroup, Page } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { WalletAssets } from '@/features/wallet/WalletAssets';
import '@/shared/ui/wallet.css';

/** Deposit / withdraw entry: the balances and every way money comes in or goes out. */
export default function WithdrawDepositScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('withdrawDeposit_title')} testId="screen-withdrawDeposit">
      <div className="stack">
        <WalletAssets />
        <CellGroup title={t('withdrawDeposit_money')}>
          <Cell icon="recharge" label={t('recharge_title')} value={t('withdrawDeposit_depositHint')} to={paths.depositMethod} testId="wd-deposit" />
          <Cell icon="upload" label={t('withdraw_title')} value={t('withdrawDeposit_withdrawHint')} to={paths.withdraw} testId="wd-withdraw" />
          <Cell icon="trade" label={t('flashExchange_title')} to={paths.flashExchange} testId="wd-exchange" />
        </CellGroup>
        <CellGroup title={t('withdrawDeposit_records')}>
          <Cell icon="doc" label={t('recharge_records')} to={`${paths.deposit}#records`} testId="wd-deposit-records" />
          <Cell icon="doc" label={t('withdrawRecords_title')} to={paths.withdrawalRecords} testId="wd-withdraw-records" />
          <Cell icon="chart" label={t('cashflow_title')} to={paths.financialRecords} testId="wd-cashflow" />
        </CellGroup>
      </div>
    </Page>
  );
}
