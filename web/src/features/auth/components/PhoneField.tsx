import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { CountryCode } from '@/shared/api/verification';
import { CountryPicker, Field } from '@/shared/ui';

/** Country dial code plus number; the full number is dialCode + digits. */
export function PhoneField({ country, onCountry, number, onNumber, error, right }: { country: CountryCode | null; onCountry: (c: CountryCode) => void; number: string; onNumber: (v: string) => void; error?: string | null; right?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <CountryPicker label={t('field_countryCode')} value={country} onChange={onCountry} showDialCode />
      <Field label={t('field_phone')} placeholder={t('field_phone_ph')} inputMode="tel" autoComplete="tel-national" value={number} onChange={(e) => onNumber(e.target.value.replace(/[^\d]/g, ''))} error={error} right={right} data-testid="phone-input" />
    </>
  );
}

export function fullPhone(country: CountryCode | null, number: string): string {
  return `${country?.dialCode ?? ''}${number}`;
}
