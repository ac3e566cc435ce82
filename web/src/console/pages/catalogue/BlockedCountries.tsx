// The countries a product is not offered in: the list in force, edited as
// codes (ISO 3166 alpha-2), replaced whole with a reason and audited as
// contract.countries_blocked on contract_countries:<product as the server
// names it>; a save shows the entry it made.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AuditMade, auditWrite, type AuditWrite } from '../../layout/AuditMade';
import { Button, Card, ErrorNote, Loading, ReasonDialog } from '../../layout/ui';
import { DiffTable, TextInput, cx, formCss as fcss, useTexts } from '../settings/kit';
import { catalogueApi, cq } from './api';
import { normaliseCountries } from './specs';
import css from './catalogue.module.css';

/** The product's name in the audit target (EXPOSURE_PRODUCT in crates/second-contracts and crates/options). */
const AUDIT_PRODUCT = { 'second-contracts': 'second_contracts', options: 'options' } as const;

export function BlockedCountries({ product }: { product: 'second-contracts' | 'options' }) {
  const { t } = useTexts();
  const client = useQueryClient();
  const api = catalogueApi.blockedCountries(product);
  const q = useQuery({ queryKey: cq.blocked(product), queryFn: api.get });
  const [draft, setDraft] = useState<string[] | null>(null);
  const [input, setInput] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<AuditWrite | null>(null);
  const current = q.data ?? [];
  const list = draft ?? current;
  const typed = normaliseCountries(input.split(/[\s,;]+/));
  const added = list.filter((c) => !current.includes(c));
  const removed = current.filter((c) => !list.includes(c));
  const changed = added.length + removed.length > 0;
  const add = () => {
    if (typed.bad.length || typed.codes.length === 0) return;
    setDraft(normaliseCountries([...list, ...typed.codes]).codes);
    setInput('');
    setSaved(null);
  };
  return (
    <Card title={t('catalogue.blocked.title')} testId={`blocked-${product}`}>
      <p className={fcss.muted}>{t('catalogue.blocked.sub')}</p>
      {q.isPending ? <Loading /> : null}
      {q.isError ? <ErrorNote error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? (
        <>
          <div className={css.chips}>
            {list.length === 0 ? <span className={fcss.muted}>{t('catalogue.blocked.none')}</span> : null}
            {list.map((c) => (
              <span key={c} className={cx(css.chip, added.includes(c) && css.chipNew)}>
                <span className={fcss.mono}>{c}</span>
                <button
                  type="button"
                  aria-label={t('catalogue.blocked.remove', { code: c })}
                  onClick={() => {
                    setDraft(list.filter((x) => x !== c));
                    setSaved(null);
                  }}
                >
                  ×
                </button>
              </span>
            ))}
          </div>
          <div className={css.inlineForm}>
            <TextInput
              value={input}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              placeholder={t('catalogue.blocked.placeholder')}
              aria-label={t('catalogue.blocked.placeholder')}
              invalid={typed.bad.length > 0}
              className={fcss.mono}
              data-testid="country-input"
            />
            <Button small variant="ghost" onClick={add} disabled={typed.bad.length > 0 || typed.codes.length === 0}>
              {t('catalogue.blocked.add')}
            </Button>
            <span className={css.spacer} />
            {saved ? (
              <span className={css.done} data-testid="done">
                ✓ {t('catalogue.blocked.saved')} <AuditMade write={saved} />
              </span>
            ) : null}
            <Button small variant="ghost" onClick={() => setDraft(null)} disabled={!changed}>
              {t('settings.discard')}
            </Button>
            <Button small variant="primary" onClick={() => setConfirming(true)} disabled={!changed} data-testid="blocked-save">
              {t('catalogue.blocked.save')}
            </Button>
          </div>
          {typed.bad.length ? (
            <div className={fcss.error} role="alert">
              {t('catalogue.error.country', { codes: typed.bad.join(', ') })}
            </div>
          ) : null}
        </>
      ) : null}
      {confirming ? (
        <ReasonDialog
          title={t('catalogue.blocked.confirm')}
          confirmLabel={t('catalogue.blocked.save')}
          onClose={() => setConfirming(false)}
          onSubmit={(reason) => api.put(list, reason)}
          onDone={(codes, reason) => {
            client.setQueryData(cq.blocked(product), codes);
            setDraft(null);
            setConfirming(false);
            setSaved(auditWrite('contract.countries_blocked', `contract_countries:${AUDIT_PRODUCT[product]}`, reason));
          }}
        >
          <DiffTable
            changes={[...added.map((c) => ({ path: c, kind: 'added' as const, after: c })), ...removed.map((c) => ({ path: c, kind: 'removed' as const, before: c }))]}
          />
        </ReasonDialog>
      ) : null}
    </Card>
  );
}
