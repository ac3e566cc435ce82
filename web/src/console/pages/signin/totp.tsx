// Two-step sign-in pieces shared by sign-in and My security: enrolling an
// authenticator (a reason, QR and secret, then a code), the code field, and
// recovery codes shown once with copy and download.
import { useId, useState } from 'react';
import { QrCode } from '@/shared/ui/QrCode';
import { adminApi } from '../../api';
import { Button, CopyButton, ErrorNote, ReasonField, downloadText } from '../../layout/ui';
import { useCt } from '../../layout/useCt';
import type { components } from '@/shared/api/schema';

/** POST /api/admin/totp/enrol. */
export type TotpEnrolment = components['schemas']['TotpEnrolment'];

/** POST /api/admin/totp/confirm and /recovery-codes. */
export type RecoveryCodesReply = components['schemas']['RecoveryCodes'];

/** A code as typed: spaces dropped (apps show "123 456"). */
export function cleanCode(raw: string): string {
  return raw.replace(/\s+/g, '').trim();
}

export const isSixDigits = (code: string) => /^\d{6}$/.test(code);

/** The code from the authenticator app, or (when `recovery`) one of the recovery codes. */
export function CodeField({
  value,
  onChange,
  recovery = false,
  autoFocus = false,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  recovery?: boolean;
  autoFocus?: boolean;
  label?: string;
}) {
  const { t } = useCt();
  const id = useId();
  return (
    <div className="c-field">
      <label htmlFor={id}>{label ?? t('signin.code.label')}</label>
      <input
        id={id}
        name="code"
        className="c-code-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 40 : 7}
        autoFocus={autoFocus}
        spellCheck={false}
        placeholder={recovery ? t('signin.code.placeholderRecovery') : '123456'}
        data-testid="totp-code"
      />
      <div className="c-field__hint">
        <span>{recovery ? t('signin.code.hintRecovery') : t('signin.code.hint')}</span>
      </div>
    </div>
  );
}

/** Recovery codes, shown once: copy, download, and an acknowledgement before going on. */
export function RecoveryCodes({ codes, username, onDone, doneLabel }: { codes: string[]; username: string; onDone: () => void; doneLabel?: string }) {
  const { t } = useCt();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');
  return (
    <div className="c-recovery" data-testid="recovery-codes">
      <p className="c-warn-text">{t('signin.recovery.once')}</p>
      <ol className="c-recovery__list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="c-row">
        <CopyButton text={text} label={t('signin.recovery.copy')} />
        <Button
          small
          variant="ghost"
          onClick={() =>
            downloadText(`onyx-console-recovery-${username || 'operator'}.txt`, `${t('signin.recovery.fileHead', { username })}\n\n${text}\n`)
          }
        >
          {t('signin.recovery.download')}
        </Button>
      </div>
      <label className="c-check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} data-testid="recovery-saved" />
        <span>{t('signin.recovery.saved')}</span>
      </label>
      <Button variant="primary" disabled={!saved} onClick={onDone} data-testid="recovery-continue">
        {doneLabel ?? t('signin.recovery.continue')}
      </Button>
    </div>
  );
}

/**
 * Enrolment: ask for the reason, ask the server for a secret, show it as a QR
 * code and as text, confirm with the first code, then show the recovery codes
 * once. The reason goes with both calls (each writes an audit entry:
 * operator.totp_enrol, then operator.totp_enable) and to `onDone`.
 */
export function TotpEnrol({ username, onDone, onCancel }: { username: string; onDone: (reason: string) => void; onCancel?: () => void }) {
  const { t } = useCt();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const why = reason.trim();

  const begin = async () => {
    if (!why) return;
    setBusy(true);
    setError(null);
    try {
      setEnrolment(await adminApi.post<TotpEnrolment>('/api/admin/totp/enrol', { reason: why }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    const c = cleanCode(code);
    if (!isSixDigits(c)) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await adminApi.post<RecoveryCodesReply>('/api/admin/totp/confirm', { code: c, reason: why });
      setCodes(reply.recoveryCodes ?? []);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    return (
      <div className="c-enrol">
        <h3 className="c-step">{t('signin.enrol.step3')}</h3>
        <RecoveryCodes codes={codes} username={username} onDone={() => onDone(why)} />
      </div>
    );
  }

  if (!enrolment) {
    return (
      <div className="c-enrol">
        <p>{t('signin.enrol.intro')}</p>
        <ReasonField value={reason} onChange={setReason} />
        <ErrorNote error={error} />
        <div className="c-row">
          <Button variant="primary" busy={busy} disabled={!why} onClick={begin} data-testid="enrol-begin">
            {t('signin.enrol.begin')}
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              {t('shell.cancel')}
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <form
      className="c-enrol"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <h3 className="c-step">{t('signin.enrol.step1')}</h3>
      <div className="c-enrol__qr">
        <QrCode text={enrolment.otpauthUri} size={176} testId="enrol-qr" />
        <div className="c-enrol__secret">
          <span className="c-muted">{t('signin.enrol.secret')}</span>
          <code data-testid="enrol-secret">{groupSecret(enrolment.secret)}</code>
          <CopyButton text={enrolment.secret} />
        </div>
      </div>
      <h3 className="c-step">{t('signin.enrol.step2')}</h3>
      <CodeField value={code} onChange={setCode} autoFocus />
      <ErrorNote error={error} />
      <div className="c-row">
        <Button type="submit" variant="primary" busy={busy} disabled={!isSixDigits(cleanCode(code))} data-testid="enrol-confirm">
          {t('signin.enrol.confirm')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('shell.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** A base32 secret in groups of four, easier to type. */
function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
