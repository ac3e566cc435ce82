import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BottomSheet, Button, Cell, CellGroup, Page } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { openCustomerService } from '@/shared/events';
import { i18n } from '@/shared/i18n/i18n';
import { useUnreadCount } from '../api/get-unread-count';
import { logout } from '../api/logout';
import { WalletAssets } from '@/features/wallet';
import { ProfileCard } from '../components/ProfileCard';
import { FirstRunChecklist } from '../components/FirstRunChecklist';

export default function PersonalCentreScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Sign-up lands here with the checklist first (RegisterScreen).
  const welcome = Boolean((useLocation().state as { firstRun?: boolean } | null)?.firstRun);
  const user = useSession((s) => s.userInfo);
  const isSign = useSession((s) => s.isSign);
  const language = useSession((s) => s.language);
  const unread = useUnreadCount(isSign).data ?? 0;
  const [confirmOut, setConfirmOut] = useState(false);
  const kycStatus = user?.kyc?.advanced?.status === 'approved' ? 'approved' : (user?.kyc?.primary?.status ?? 'none');

  const doSignOut = async () => {
    setConfirmOut(false);
    await logout();
    navigate(paths.lr, { replace: true });
  };

  return (
    <Page title={t('wallet_title')} back={false} testId="screen-wallet">
      <div className="stack">
        {isSign && user ? <FirstRunChecklist user={user} welcome={welcome} /> : null}
        <ProfileCard user={user} />
        {isSign ? <WalletAssets /> : null}
      </div>
      <CellGroup title={t('wallet_section_funds')}>
        <Cell icon="recharge" label={t('withdrawDeposit_title')} to={paths.depositOrWithdraw} testId="menu-withdraw-deposit" />
        <Cell icon="doc" label={t('withdrawRecords_title')} to={paths.withdrawalRecords} testId="menu-withdraw-records" />
        <Cell icon="chart" label={t('cashflow_title')} to={paths.financialRecords} testId="menu-cashflow" />
      </CellGroup>
      <CellGroup title={t('wallet_section_security')}>
        <Cell icon="lock" label={t('wallet_menu_loginPassword')} to={paths.changePassword} testId="menu-login-password" />
        <Cell icon="key" label={t('wallet_menu_fundPassword')} value={user?.hasTradePwd ? t('wallet_set') : t('wallet_notSet')} to={paths.fundPassword} testId="menu-fund-password" />
        <Cell icon="mail" label={t('wallet_menu_email')} value={user?.email || t('wallet_notBound')} to={paths.emailAuthentication} testId="menu-email" />
        <Cell icon="phone" label={t('wallet_menu_phone')} value={user?.phone || t('wallet_notBound')} to={paths.phoneAuth} testId="menu-phone" />
        <Cell icon="id" label={t('wallet_menu_kyc')} value={t(`kyc_status_${kycStatus}`)} to={paths.userauth} testId="menu-kyc" />
      </CellGroup>
      <CellGroup title={t('wallet_section_general')}>
        <Cell icon="bell" label={t('wallet_menu_messages')} badge={unread} to={paths.message} testId="menu-messages" />
        <Cell icon="gift" label={t('wallet_menu_invite')} to={paths.referral} testId="menu-invite" />
        <Cell icon="help" label={t('wallet_menu_help')} to={paths.help} testId="menu-help" />
        <Cell icon="info" label={t('wallet_menu_about')} to={paths.about} testId="menu-about" />
        <Cell icon="doc" label={t('wallet_menu_terms')} to={paths.termService} testId="menu-terms" />
        <Cell icon="download" label={t('wallet_menu_download')} to={paths.download} testId="menu-download" />
        <Cell icon="globe" label={t('wallet_menu_language')} value={language ? i18n.getFixedT('en')(`nativeName_${language}` as never) : undefined} to={paths.langList} testId="menu-language" />
        <Cell icon="headset" label={t('wallet_menu_service')} onClick={openCustomerService} testId="menu-service" />
      </CellGroup>
      <div style={{ marginTop: 20 }}>
        <Button variant="danger" block onClick={() => setConfirmOut(true)} data-testid="sign-out">
          {t('wallet_signOut')}
        </Button>
      </div>
      <BottomSheet open={confirmOut} title={t('wallet_signOut')} onClose={() => setConfirmOut(false)} testId="sign-out-sheet">
        <div className="stack" style={{ padding: '8px 18px' }}>
          <p className="form-hint">{t('wallet_signOutConfirm')}</p>
          <Button variant="danger" block onClick={doSignOut} data-testid="sign-out-confirm">
            {t('wallet_signOut')}
          </Button>
          <Button variant="secondary" block onClick={() => setConfirmOut(false)}>
            {t('cancel')}
          </Button>
        </div>
      </BottomSheet>
    </Page>
  );
}
