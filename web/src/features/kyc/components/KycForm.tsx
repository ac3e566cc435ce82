import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CountryPicker, Field, toast } from '@/shared/ui';
import type { CountryCode } from '@/shared/api/verification';
import { loadUserInfo } from '@/shared/session/user-info';
import { useSubmit } from '@/shared/hooks/use-submit';
import { uploadKyc, type KycTier } from '../api/upload-kyc';
import { ImageUpload } from '@/shared/ui/ImageUpload';

export function KycForm({ tier, onSubmitted }: { tier: KycTier; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const [realName, setRealName] = useState('');
  const [idCard, setIdCard] = useState('');
  const [country, setCountry] = useState<CountryCode | null>(null);
  const [front, setFront] = useState<string | null>(null);
  const [back, setBack] = useState<string | null>(null);
  const [hand, setHand] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useSubmit();
  const advanced = tier === 'advanced';

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e: Record<string, string> = {};
    if (!realName.trim()) e.realName = t('err_realNameRequired');
    if (!idCard.trim()) e.idCard = t('err_idNumberRequired');
    if (!country) e.country = t('err_countryRequired');
    if (!front || !back || (advanced && !hand)) e.images = t('err_imagesRequired');
    setErrors(e);
    if (Object.keys(e).length) return;
    const ok = await run(async () => {
      await uploadKyc({ tier, realName: realName.trim(), idCard: idCard.trim(), country: country!.iso, frontUrl: front!, backUrl: back!, handUrl: hand ?? undefined });
      await loadUserInfo();
    });
    if (ok) {
      toast(t('kyc_submitted'), 'success');
      onSubmitted();
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid={`kyc-form-${tier}`}>
      <Field label={t('field_realName')} placeholder={t('field_realName_ph')} autoComplete="name" value={realName} onChange={(e) => setRealName(e.target.value)} error={errors.realName} data-testid="kyc-realname" />
      <Field label={t('field_idNumber')} placeholder={t('field_idNumber_ph')} value={idCard} onChange={(e) => setIdCard(e.target.value)} error={errors.idCard} data-testid="kyc-idcard" />
      <CountryPicker label={t('field_country')} value={country} onChange={setCountry} placeholder={t('field_country_ph')} testId="kyc-country" />
      {errors.country ? <p className="field-message">{errors.country}</p> : null}
      <div className="upload-grid">
        <ImageUpload label={t('kyc_front')} onUploaded={setFront} testId="kyc-front" />
        <ImageUpload label={t('kyc_back')} onUploaded={setBack} testId="kyc-back" />
        {advanced ? <ImageUpload label={t('kyc_selfie')} onUploaded={setHand} testId="kyc-hand" /> : null}
      </div>
      <p className={errors.images ? 'field-message' : 'field-hint'}>{errors.images ?? t('kyc_uploadHint')}</p>
      <Button type="submit" block loading={pending} data-testid="kyc-submit">
        {t('kyc_submit')}
      </Button>
    </form>
  );
}
