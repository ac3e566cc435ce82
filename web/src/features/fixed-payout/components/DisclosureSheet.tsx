import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/date';
import { BottomSheet, Button, Checkbox } from '@/shared/ui';
import type { Disclosure, Period } from '../api';
import { percentText, periodText } from '../lib/labels';
import styles from '../fixed-payout.module.css';

export interface DisclosureSheetProps {
  open: boolean;
  period: Period;
  /** The coin's label (BTC). */
  coin: string;
  /** The caller's acknowledgement, when signed in and known. */
  disclosure?: Disclosure;
  isSign: boolean;
  /** Confirming also places the order the user asked for. */
  placing: boolean;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
  /** What the product is, when it is not a second contract (options). */
  intro?: string;
}

/**
 * The risk disclosure (decision 0021), with the chosen period's figures: what
 * each outcome pays or takes, the break-even win rate, the house's edge, where
 * prices come from, the tie and void rules, that the whole stake can be lost,
 * and that regulators ban these products for retail clients. Shown before the
 * first order; acknowledged with a tick and a confirmation.
 */
export function DisclosureSheet({ open, period, coin, disclosure, isSign, placing, pending, error, onClose, onConfirm, intro }: DisclosureSheetProps) {
  const { t } = useTranslation();
  const [understood, setUnderstood] = useState(false);
  useEffect(() => {
    if (open) setUnderstood(false);
  }, [open]);
  const accepted = !!disclosure?.accepted;
  const odds = percentText(period.odds);
  const loss = percentText(period.lossRate);

  return (
    <BottomSheet open={open} title={t('sc_disclosure_title')} onClose={onClose} testId="sc-disclosure">
      <div className={styles['sc-sheet']} data-version={disclosure?.version}>
        <p data-testid="sc-disclosure-intro">{intro ?? t('sc_disclosure_intro')}</p>
        <p className={styles['sc-sheet-lead']}>{t('sc_disclosure_terms', { period: periodText(t, period.period), coin })}</p>
        <dl className={styles['sc-outcomes']}>
          <div>
            <dt className="up">{t('sc_result_win')}</dt>
            <dd data-testid="sc-disclosure-win">{t('sc_disclosure_winText', { pct: odds })}</dd>
          </div>
          <div>
            <dt className="down">{t('sc_result_lose')}</dt>
            <dd data-testid="sc-disclosure-lose">{period.flag ? t('sc_disclosure_loseAllText') : t('sc_disclosure_loseText', { pct: loss })}</dd>
          </div>
          <div>
            <dt>{t('sc_result_draw')}</dt>
            <dd>{t('sc_tieRule')}</dd>
          </div>
          <div>
            <dt>{t('sc_result_void')}</dt>
            <dd>{t('sc_voidRule')}</dd>
          </div>
        </dl>
        <ul className={styles['sc-points']}>
          <li data-testid="sc-disclosure-break-even">{t('sc_disclosure_breakEven', { pct: percentText(period.breakEvenWinRate) })}</li>
          <li data-testid="sc-disclosure-edge">{t('sc_disclosure_edge', { pct: percentText(period.houseEdge) })}</li>
          <li>{t('sc_disclosure_source')}</li>
        </ul>
        <p className="notice notice-danger" data-testid="sc-disclosure-whole-stake">
          {t('sc_disclosure_wholeStake')}
        </p>
        <p className="notice notice-warning" data-testid="sc-disclosure-regulators">
          {t('sc_disclosure_regulators')}
        </p>
      </div>
      <div className={styles['sc-sheet-foot']}>
        {accepted ? (
          <>
            <p className="muted small" data-testid="sc-disclosure-accepted">
              {t('sc_disclosure_accepted', { date: formatDateTime(disclosure?.acceptedAt ?? null) })}
            </p>
            <Button block variant="secondary" onClick={onClose}>
              {t('close')}
            </Button>
          </>
        ) : isSign ? (
          <>
            <Checkbox checked={understood} onChange={setUnderstood} className="consent" testId="sc-disclosure-ack">
              {t('sc_disclosure_understand')}
            </Checkbox>
            {error ? (
              <p className="field-message" role="alert" data-testid="sc-disclosure-error">
                {error}
              </p>
            ) : null}
            <Button block disabled={!understood} loading={pending} onClick={onConfirm} data-testid="sc-disclosure-confirm">
              {placing ? t('sc_disclosure_confirmPlace') : t('sc_disclosure_confirm')}
            </Button>
          </>
        ) : (
          <Button block variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
        )}
      </div>
    </BottomSheet>
  );
}
