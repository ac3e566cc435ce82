// Operator sign-in: name and password, then the authenticator code when the
// server asks for it (AdminTotpRequired), a recovery code instead if need be.
// While failures from many addresses slow the operator's account, one without
// an authenticator is asked for a solved challenge (decision 0011-lockout):
// this page solves it on the device, shows the progress, and tries again.
import { useId, useState } from 'react';
import { solveChallenge } from '@/shared/security/pow';
import { adminApi } from '../../api';
import { CODES } from '../../codes';
import { isCode } from '../../layout/errors';
import { useGate, mustEnrol } from '../../layout/me';
import { PrefsSwitch } from '../../layout/PrefsSwitch';
import { Button, ErrorNote } from '../../layout/ui';
import { useCt } from '../../layout/useCt';
import { useOperator } from '../../session';
import { CodeField, cleanCode, isSixDigits } from './totp';
import type { components } from '@/shared/api/schema';

/** POST /api/admin/login. */
export type LoginReply = components['schemas']['LoginReply'];

type Step = 'password' | 'code';

export function SignInPage() {
  const { t } = useCt();
  const signIn = useOperator((s) => s.signIn);
  const setEnrolRequired = useGate((s) => s.setEnrolRequired);
  const [step, setStep] = useState<Step>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The share of the challenge's work done while one is being solved.
  const [solving, setSolving] = useState<number | null>(null);
  const userId = useId();
  const passId = useId();

  const codeReady = recovery ? cleanCode(code).length >= 6 : isSixDigits(cleanCode(code));
  const ready = username.trim() !== '' && password !== '' && (step === 'password' || codeReady);

  const submit = async () => {
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, string> = { username: username.trim(), password };
      if (step === 'code') body.code = cleanCode(code);
      const reply = await withChallenge(body);
      setEnrolRequired(mustEnrol({ totpEnabled: !!reply.totpEnabled, totpRequired: !!reply.totpRequired }));
      signIn(reply.adminToken, reply.username, reply.role);
    } catch (e) {
      if (isCode(e, CODES.adminTotpRequired)) {
        // The password was right: the code comes next; no error to show.
        setStep('code');
        setCode('');
      } else {
        setError(e);
        if (step === 'code' && !isCode(e, CODES.adminTotpInvalid)) {
          // Anything but a wrong code (a pause, a lock): back to the start.
          setStep('password');
          setCode('');
        }
      }
      setBusy(false);
    }
  };

  /**
   * Signs in; when the server asks for a challenge, solves one and tries again,
   * once more with a fresh one should it have expired meanwhile.
   */
  const withChallenge = async (body: Record<string, string>): Promise<LoginReply> => {
    try {
      return await adminApi.post<LoginReply>('/api/admin/login', body);
    } catch (e) {
      if (!isCode(e, CODES.challengeNeeded)) throw e;
    }
    try {
      for (let tries = 1; ; tries += 1) {
        setSolving(0);
        const issued = await adminApi.post<components['schemas']['LoginChallengeReply']>('/api/admin/loginChallenge', { username: body.username });
        const nonce = await solveChallenge(issued, setSolving);
        try {
          return await adminApi.post<LoginReply>('/api/admin/login', { ...body, challenge: issued.challenge, nonce });
        } catch (e) {
          if (tries >= 2 || !isCode(e, CODES.challengeInvalid)) throw e;
        }
      }
    } finally {
      setSolving(null);
    }
  };

  const back = () => {
    setStep('password');
    setCode('');
    setPassword('');
    setRecovery(false);
    setError(null);
  };

  return (
    <div className="c-signin">
      <div className="c-signin__prefs">
        <PrefsSwitch />
      </div>
      <form
        className="c-signin__box"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        aria-label={t('signin.title')}
      >
        <div className="c-brand c-brand--big">
          <span className="c-brand__mark" aria-hidden>
            ◆
          </span>
          <span>{t('shell.brand')}</span>
        </div>
        <h1 className="c-signin__title">{step === 'password' ? t('signin.title') : t('signin.codeTitle')}</h1>
        {step === 'password' ? (
          <>
            <div className="c-field">
              <label htmlFor={userId}>{t('signin.username')}</label>
              <input
                id={userId}
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoFocus
                data-testid="signin-username"
              />
            </div>
            <div className="c-field">
              <label htmlFor={passId}>{t('signin.password')}</label>
              <input
                id={passId}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                data-testid="signin-password"
              />
            </div>
          </>
        ) : (
          <>
            <p className="c-muted" data-testid="signin-code-intro">
              {recovery ? t('signin.codeIntroRecovery', { username: username.trim() }) : t('signin.codeIntro', { username: username.trim() })}
            </p>
            <CodeField value={code} onChange={setCode} recovery={recovery} autoFocus label={recovery ? t('signin.code.labelRecovery') : undefined} />
            <button
              type="button"
              className="c-link"
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                setError(null);
              }}
            >
              {recovery ? t('signin.useApp') : t('signin.useRecovery')}
            </button>
          </>
        )}
        {solving !== null ? (
          <div className="c-muted" role="status" data-testid="signin-challenge-progress">
            <p>{t('signin.checking', { percent: Math.floor(solving * 100) })}</p>
            <progress max={1} value={solving} />
          </div>
        ) : null}
        <ErrorNote error={error} />
        <Button type="submit" variant="primary" busy={busy} disabled={!ready} className="c-btn--block" data-testid="signin-submit">
          {step === 'password' ? t('signin.submit') : t('signin.verify')}
        </Button>
        {step === 'code' ? (
          <button type="button" className="c-link c-link--center" onClick={back}>
            {t('signin.back')}
          </button>
        ) : null}
        <p className="c-signin__foot c-muted">{t('signin.foot')}</p>
      </form>
    </div>
  );
}
