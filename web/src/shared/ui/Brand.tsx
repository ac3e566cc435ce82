import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export function BrandMark({ large = false }: { large?: boolean }) {
  return (
    <span className={`brand-mark ${large ? 'lg' : ''}`}>
      <Icon name="shield" size={large ? 36 : 18} />
    </span>
  );
}

export function BrandHeader() {
  const { t } = useTranslation();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <BrandMark />
      <span className="brand-name" style={{ fontSize: 20 }}>{t('brand')}</span>
    </span>
  );
}
