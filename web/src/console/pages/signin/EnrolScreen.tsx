// An operator whose role requires two-step sign-in and who has no
// authenticator yet enrols before anything else: the server refuses every
// other call (AdminTotpEnrolmentRequired) until then.
import { useQueryClient } from '@tanstack/react-query';
import { useGate } from '../../layout/me';
import { PrefsSwitch } from '../../layout/PrefsSwitch';
import { useSignOut } from '../../layout/Shell';
import { Button } from '../../layout/ui';
import { useCt } from '../../layout/useCt';
import { useOperator } from '../../session';
import { TotpEnrol } from './totp';

export function EnrolScreen() {
  const { t } = useCt();
  const username = useOperator((s) => s.username) ?? '';
  const setEnrolRequired = useGate((s) => s.setEnrolRequired);
  const client = useQueryClient();
  const [signOut, busy] = useSignOut();
  return (
    <div className="c-signin">
      <div className="c-signin__prefs">
        <PrefsSwitch />
      </div>
      <div className="c-signin__box c-signin__box--wide" data-testid="enrol-screen">
        <div className="c-brand c-brand--big">
          <span className="c-brand__mark" aria-hidden>
            ◆
          </span>
          <span>{t('shell.brand')}</span>
        </div>
        <h1 className="c-signin__title">{t('signin.enrol.title')}</h1>
        <p className="c-muted">{t('signin.enrol.required', { username })}</p>
        <TotpEnrol
          username={username}
          onDone={() => {
            setEnrolRequired(false);
            void client.invalidateQueries();
          }}
        />
        <Button variant="ghost" small onClick={() => void signOut()} busy={busy} className="c-signin__out">
          {t('shell.signOut')}
        </Button>
      </div>
    </div>
  );
}

