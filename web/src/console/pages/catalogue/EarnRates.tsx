// A staking product's daily rates: every rate published, and a form to
// publish one from a day after today (POST /api/admin/earn/products/{id}/rates,
// audited as earn.rate_publish on earn_product:<id>), and the entry it made.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { fmtDateTime } from '../../format';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { Button, ReasonDialog } from '../../layout/ui';
import { formCss as fcss, useTexts } from '../settings/kit';
import { catalogueApi, cq, type EarnProduct } from './api';
import { toBody, toFormValues, validateForm, type FormValue, type FormValues } from './fields';
import { FormFields } from './FormFields';
import { RATE_FIELDS, rateDateError } from './specs';
import css from './catalogue.module.css';

function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  return d.toISOString().slice(0, 10);
}

export function EarnRates({ product }: { product: EarnProduct }) {
  const { t } = useTexts();
  const client = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => toFormValues(RATE_FIELDS, null, { fromDate: tomorrow() }));
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<{ text: string; audit: AuditWrite } | null>(null);
  const errors = useMemo(() => ({ ...validateForm(RATE_FIELDS, values, 'create'), ...rateDateError(values) }), [values]);
  if (product.kind !== 'staking') {
    return <p className={fcss.muted}>{t('catalogue.rates.financeOnly')}</p>;
  }
  const rates = [...product.rates].sort((a, b) => b.fromTime - a.fromTime);
  const now = Date.now();
  const inForce = rates.find((r) => r.fromTime <= now);
  return (
    <div className={css.rates} data-testid={`rates-${product.id}`}>
      <div>
        <h3 className={css.subhead}>{t('catalogue.rates.title')}</h3>
        {rates.length === 0 ? <p className={fcss.muted}>{t('catalogue.rates.none')}</p> : null}
        <table className={css.inner}>
          <tbody>
            {rates.map((r) => (
              <tr key={r.fromTime}>
                <td>{fmtDateTime(r.fromTime).slice(0, 10)}</td>
                <td className={fcss.mono}>{r.rate}% / {t('catalogue.unit.day')}</td>
                <td>{r === inForce ? t('catalogue.rates.inForce') : r.fromTime > now ? t('catalogue.rates.upcoming') : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <h3 className={css.subhead}>{t('catalogue.rates.publish')}</h3>
        <FormFields
          fields={RATE_FIELDS}
          values={values}
          errors={errors}
          mode="create"
          show={touched}
          onChange={(name: string, v: FormValue) => {
            setValues((o) => ({ ...o, [name]: v }));
            setTouched(true);
            setDone(null);
          }}
        />
        <div className={css.inlineForm}>
          {done ? (
            <span className={css.done} data-testid="done">
              ✓ {done.text} <AuditMade write={done.audit} />
            </span>
          ) : null}
          <span className={css.spacer} />
          <Button
            small
            variant="primary"
            onClick={() => {
              setTouched(true);
              if (Object.keys(errors).length === 0) setConfirming(true);
            }}
          >
            {t('catalogue.rates.publish')}
          </Button>
        </div>
      </div>
      {confirming ? (
        <ReasonDialog
          title={t('catalogue.rates.confirm', { rate: String(values.rate), date: String(values.fromDate) })}
          confirmLabel={t('catalogue.rates.publish')}
          onClose={() => setConfirming(false)}
          onSubmit={(reason) => catalogueApi.earn.publishRate(product.id, { ...toBody(RATE_FIELDS, values, 'create', null), reason })}
          onDone={(_, reason) => {
            setConfirming(false);
            setDone({
              text: t('catalogue.rates.published', { rate: String(values.rate), date: String(values.fromDate) }),
              audit: auditWrite('earn.rate_publish', `earn_product:${product.id}`, reason),
            });
            void client.invalidateQueries({ queryKey: cq.earn });
          }}
        />
      ) : null}
    </div>
  );
}
