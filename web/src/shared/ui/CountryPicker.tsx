import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryCodes, type CountryCode } from '../api/verification';
import { BottomSheet } from './BottomSheet';
import { EmptyState } from './EmptyState';
import { Icon } from './Icon';
import { Spinner } from './Spinner';

/** A field that opens a searchable list of countries from getCountryCode. */
export function CountryPicker({ label, value, onChange, showDialCode = false, placeholder, testId = 'country-picker' }: { label: string; value: CountryCode | null; onChange: (c: CountryCode) => void; showDialCode?: boolean; placeholder?: string; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const { data, isLoading } = useCountryCodes();
  const list = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (data ?? []).filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.dialCode.includes(needle) || c.iso.toLowerCase() === needle);
  }, [data, q]);
  const text = value ? (showDialCode ? `${value.dialCode}  ${value.name}` : value.name) : null;
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <button type="button" className="field-box select-box" onClick={() => setOpen(true)} data-testid={testId}>
        <span className={text ? '' : 'placeholder'}>{text ?? placeholder ?? t('phone_selectCountry')}</span>
        <Icon name="chevron" size={16} style={{ transform: 'rotate(90deg)' }} />
      </button>
      <BottomSheet open={open} title={t('phone_selectCountry')} onClose={() => setOpen(false)}>
        <div style={{ padding: '4px 16px 8px' }}>
          <div className="field-box">
            <Icon name="search" size={16} className="muted" />
            <input className="field-input" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('phone_search')} aria-label={t('phone_search')} />
          </div>
        </div>
        {isLoading ? (
          <div className="page-loading" style={{ minHeight: 120 }}>
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <EmptyState />
        ) : (
          list.map((c) => (
            <button
              key={`${c.iso}-${c.dialCode}`}
              type="button"
              className="sheet-item"
              onClick={() => {
                onChange(c);
                setOpen(false);
              }}
              data-testid={`country-${c.iso}`}
            >
              <span className="cell-label">{c.name}</span>
              <span className="muted mono">{c.dialCode}</span>
            </button>
          ))
        )}
      </BottomSheet>
    </div>
  );
}
