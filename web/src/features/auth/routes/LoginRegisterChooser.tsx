import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark, Icon } from '@/shared/ui';
import { paths } from '@/shared/config/paths';

export default function LoginRegisterChooser() {
  const { t } = useTranslation();
  return (
    <div className="lr" data-testid="screen-lr">
      <div className="lr-top">
        <Link to={paths.langList} className="icon-btn" aria-label={t('wallet_menu_language')} data-testid="lr-language">
          <Icon name="globe" size={22} />
        </Link>
      </div>
      <div className="lr-hero">
        <div className="lr-glow" aria-hidden="true" />
        <BrandMark large />
        <h1 className="lr-brand">{t('brand')}</h1>
        <p className="lr-welcome">{t('lr_welcome')}</p>
        <p className="lr-tagline">{t('brand_tagline')}</p>
      </div>
      <div className="lr-actions">
        <Link to={paths.login} className="btn btn-primary btn-block" data-testid="lr-login">
          {t('lr_signIn')}
        </Link>
        <Link to={paths.register} className="btn btn-secondary btn-block" data-testid="lr-register">
          {t('lr_createAccount')}
        </Link>
        <p className="lr-secure">
          <Icon name="shield" size={14} /> {t('lr_secure')}
        </p>
      </div>
    </div>
  );
}
