import { useTranslation } from 'react-i18next';
import styles from '../futures.module.css';

/**
 * Leverage as a slider over the contract's choices (the server takes only
 * those), with each choice marked below it and tappable.
 */
export function LeverageSlider({ choices, value, onChange }: { choices: number[]; value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation();
  const index = Math.max(0, choices.indexOf(value));
  if (choices.length === 0) return null;
  return (
    <div className={styles['fu-group']}>
      <div className={styles['fu-lev-head']}>
        <span className={styles['fu-label']}>{t('fu_leverage')}</span>
        <strong className="mono" data-testid="fu-lev-value">
          {value}x
        </strong>
      </div>
      <input
        type="range"
        className={styles['fu-lev-range']}
        min={0}
        max={Math.max(0, choices.length - 1)}
        step={1}
        value={index}
        onChange={(e) => onChange(choices[Number(e.target.value)] ?? value)}
        aria-label={t('fu_leverage')}
        aria-valuetext={`${value}x`}
        data-testid="fu-lev-slider"
      />
      <div className={styles['fu-lev-marks']} role="group" aria-label={t('fu_leverage')}>
        {choices.map((l) => (
          <button key={l} type="button" className={value === l ? styles['fu-lev-on'] : ''} aria-pressed={value === l} onClick={() => onChange(l)} data-testid={`fu-lev-${l}`}>
            {l}x
          </button>
        ))}
      </div>
    </div>
  );
}
