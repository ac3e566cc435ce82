// The deposit welfare rewards wait for (GET/PUT /api/admin/welfare/condition):
// confirmed deposits in USDT before any task or sign-in reward is paid, 0
// meaning the first confirmed deposit of any size (issue 32: accounts that
// never deposited farmed the rewards). Saved with a reason and audited as
// welfare.condition_update on welfare_condition:deposit; a save shows the
// entry it made.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { Button, Card, ErrorNote, Loading, ReasonDialog } from '../../layout/ui';
import { DiffTable, TextInput, formCss as fcss, useTexts } from '../settings/kit';
import { catalogueApi, cq } from './api';
import { decimalError } from './fields';
import css from './catalogue.module.css';

export const CONDITION_ACTION = 'welfare.condition_update';
/** crates/rewards/src/welfare_editing.rs CONDITION_TARGET. */
export const CONDITION_TARGET = 'welfare_condition:deposit';

export function ConditionEditor() {
  const { t } = useTexts();
  const client = useQueryClient();
  const q = useQuery({ queryKey: cq.condition, queryFn: catalogueApi.welfareCondition.get });
  const [draft, setDraft] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<AuditWrite | null>(null);
  const current = q.data?.minDeposit ?? '';
  const value = draft ?? current;
  const error = decimalError(value, { min: '0', dp: 8 });
  const changed = draft !== null && draft.trim() !== current;
  return (
    <Card title={t('catalogue.condition.title')} testId="welfare-condition">
      <p className={fcss.muted}>{t('catalogue.condition.sub')}</p>
      {q.isPending ? <Loading /> : null}
      {q.isError ? <ErrorNote error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? (
        <>
          <div className={css.inlineForm}>
            <div className={fcss.cell}>
              <TextInput
                value={value}
                inputMode="decimal"
                className={fcss.mono}
                invalid={!!error}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setSaved(null);
                }}
                aria-label={t('catalogue.condition.minDeposit')}
                data-testid="condition-min"
              />
              {error ? (
                <div className={fcss.error} role="alert">
                  {t(error.key, error.params)}
                </div>
              ) : null}
            </div>
            <span className={fcss.muted}>USDT</span>
            <span className={css.spacer} />
            {saved ? (
              <span className={css.done} data-testid="done">
                ✓ {t('catalogue.condition.saved')} <AuditMade write={saved} />
              </span>
            ) : null}
            <Button small variant="ghost" onClick={() => setDraft(null)} disabled={draft === null}>
              {t('settings.discard')}
            </Button>
            <Button small variant="primary" onClick={() => setConfirming(true)} disabled={!changed || !!error} data-testid="condition-save">
              {t('catalogue.condition.save')}
            </Button>
          </div>
          <p className={fcss.muted}>{t('catalogue.condition.hint')}</p>
        </>
      ) : null}
      {confirming ? (
        <ReasonDialog
          title={t('catalogue.condition.confirm')}
          confirmLabel={t('catalogue.condition.save')}
          onClose={() => setConfirming(false)}
          onSubmit={(reason) => catalogueApi.welfareCondition.set(value.trim(), reason)}
          onDone={(res, reason) => {
            client.setQueryData(cq.condition, res);
            setDraft(null);
            setConfirming(false);
            setSaved(auditWrite(CONDITION_ACTION, CONDITION_TARGET, reason));
          }}
        >
          <DiffTable changes={[{ path: t('catalogue.condition.minDeposit'), kind: 'changed' as const, before: `${current} USDT`, after: `${value.trim()} USDT` }]} />
        </ReasonDialog>
      ) : null}
    </Card>
  );
}
