import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export function Field({
  label,
  error,
  right,
  hint,
  type = 'text',
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; right?: ReactNode; hint?: ReactNode }) {
  const id = useId();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={`field ${error ? 'field-error' : ''} ${className}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-box">
        <input id={id} className="field-input" type={isPassword && visible ? 'text' : type} aria-invalid={Boolean(error)} {...input} />
        {isPassword ? (
          <button
            type="button"
            className="field-icon"
            aria-label={visible ? t('hidePassword') : t('showPassword')}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon name={visible ? 'eye' : 'eyeOff'} size={18} />
          </button>
        ) : null}
        {right}
      </div>
      {error ? <p className="field-message" role="alert">{error}</p> : hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
}
