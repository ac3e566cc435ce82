import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@/shared/api/types';
import { useSettings } from '@/shared/settings/settings-store';
import { formatAmount } from '@/shared/format/number';
import { Link } from 'react-router';
import { Icon, toast } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { KycChip } from './KycChip';
import { vipBand } from './vip';

async function copy(text: string, okText: string, failText: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast(okText, 'success');
  } catch {
    toast(failText, 'error');
  }
}

export function ProfileCard({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation();
  const vipSetting = useSettings((s) => s.settingConfig.VIP_LEVEL_SETTING);
  const band = vipBand(vipSetting, user?.vipLevel);
  const name = user?.username || user?.email || user?.phone || '';
  return (
    <section className="profile card" data-testid="profile-card">
      <div className="profile-head">
        <div className="avatar" aria-hidden="true">
          {name ? name.slice(0, 1).toUpperCase() : <Icon name="user" size={26} />}
        </div>
        <div className="profile-id">
          <div className="profile-name" data-testid="profile-username">
            {name || '—'}
            {band ? <span className="chip chip-accent" data-testid="profile-vip">{t('wallet_vip', { level: band.level })}</span> : null}
          </div>
          {user ? (
            <button type="button" className="profile-uid" onClick={() => copy(String(user.userId), t('copied'), t('copyFailed'))} data-testid="profile-uid">
              {t('wallet_uid', { uid: String(user.userId) })}
              <Icon name="copy" size={13} />
            </button>
          ) : null}
        </div>
      </div>
      {band ? (
        <p className="profile-band small muted">
          {band.end ? t('wallet_vipRange', { start: band.start, end: band.end }) : t('wallet_vipTop', { start: band.start })}
        </p>
      ) : null}
      <div className="profile-stats">
        <div>
          <span className="muted small">{t('wallet_credits')}</span>
          <strong data-testid="profile-credits">{user?.credits !== undefined && user?.credits !== null ? formatAmount(String(user.credits), 0) : '--'}</strong>
        </div>
        <div>
          <span className="muted small">{t('wallet_verification')}</span>
          {/* The chips open identity verification, where each tier is done. */}
          <Link to={paths.userauth} className="profile-kyc" aria-label={t('wallet_menu_kyc')} data-testid="profile-kyc">
            <KycChip status={user?.kyc?.primary?.status} label={t('kyc_tab_primary')} testId="profile-kyc-primary" />
            <KycChip status={user?.kyc?.advanced?.status} label={t('kyc_tab_advanced')} testId="profile-kyc-advanced" />
          </Link>
        </div>
      </div>
      {user?.status === 'frozen' ? <p className="chip chip-danger">{t('wallet_frozenAccount')}</p> : null}
    </section>
  );
}
