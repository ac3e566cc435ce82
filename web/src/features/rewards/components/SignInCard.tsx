import { useTranslation } from 'react-i18next';
import { useMoney } from '@/shared/format/use-money';
import { Button, Icon, Ltr } from '@/shared/ui';
import type { SignInState } from '@/features/rewards/api';
import { calendarCells, todayReward } from '@/features/rewards/lib/calendar';
import styles from '@/features/rewards/rewards.module.css';

const DAY_CLASS = {
  signed: styles['rw-day-signed'],
  today: styles['rw-day-today'],
  signedToday: styles['rw-day-signedToday'],
  upcoming: '',
} as const;

/** The 7-day sign-in calendar: the streak so far, today's reward and the button (off once today is signed, or while the deposit condition is not met). */
export function SignInCard({ signIn, busy, locked = false, onSignIn }: { signIn: SignInState; busy: boolean; locked?: boolean; onSignIn: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const cells = calendarCells(signIn.days, signIn.streak, signIn.signedToday);
  const today = todayReward(signIn.days, signIn.streak, signIn.signedToday);
  const reward = (amount: string, coin: string) => (
    <>
      <Ltr>+{money.amount(amount, coin)}</Ltr> {coin.toUpperCase()}
    </>
  );
  return (
    <section className={`${styles['rw-card']} ${styles['rw-hero']}`} data-testid="welfare-signin" data-signed-today={String(signIn.signedToday)} data-streak={signIn.streak}>
      <div className={styles['rw-head']}>
        <h2>{t('welfare_signInTitle')}</h2>
        <span className="chip chip-accent" data-testid="welfare-streak" data-value={signIn.streak}>
          {t('welfare_streak', { n: signIn.streak })}
        </span>
      </div>
      <ol className={styles['rw-days']}>
        {cells.map((c) => (
          <li key={c.day} className={`${styles['rw-day']} ${DAY_CLASS[c.state]}`} data-testid={`welfare-day-${c.day}`} data-state={c.state} aria-current={c.state === 'today' || c.state === 'signedToday' ? 'date' : undefined}>
            <span className={styles['rw-day-mark']}>{c.state === 'signed' || c.state === 'signedToday' ? <Icon name="check" size={13} /> : c.day}</span>
            <span>{c.state === 'today' || c.state === 'signedToday' ? t('welfare_today') : t('welfare_day', { day: c.day })}</span>
            <strong>{c.amount === null ? '--' : <Ltr>{money.amount(c.amount, c.coin ?? 'USDT')}</Ltr>}</strong>
          </li>
        ))}
      </ol>
      <div className={styles['rw-signin-foot']}>
        <div>
          <span className="muted small">{signIn.signedToday ? t('welfare_todayReceived') : t('welfare_todayReward')}</span>
          <strong data-testid="welfare-today-reward" data-value={today?.amount}>
            {today ? reward(today.amount, today.coin) : '--'}
          </strong>
          {signIn.signedToday ? (
            <span className="muted small" data-testid="welfare-tomorrow-reward" data-value={signIn.nextAmount}>
              {t('welfare_tomorrow')} {reward(signIn.nextAmount, signIn.nextCoin)}
            </span>
          ) : null}
        </div>
        <Button variant={signIn.signedToday ? 'secondary' : 'primary'} onClick={onSignIn} disabled={signIn.signedToday || locked} loading={busy} data-testid="welfare-signin-button">
          {signIn.signedToday ? (
            <>
              <Icon name="check" size={16} /> {t('welfare_signedToday')}
            </>
          ) : (
            t('welfare_signInButton')
          )}
        </Button>
      </div>
      <p className="muted small">{t('welfare_signInHint')}</p>
    </section>
  );
}
