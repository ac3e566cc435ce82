import type { TKey } from '@/shared/i18n/i18n';
import type { UserInfo } from '@/shared/api/types';
import { paths } from '@/shared/config/paths';

export type StepKey = 'kyc' | 'deposit' | 'fundPassword' | 'email';

export interface Step {
  key: StepKey;
  label: TKey;
  to: string;
  done: boolean;
  /** Started but not finished (an identity check under review). */
  waiting: boolean;
}

/**
 * A new user's first steps, each ticked from the account's real state: an
 * approved primary verification, a confirmed deposit, a fund password, a
 * bound email.
 */
export function firstSteps(user: UserInfo, hasDeposited: boolean): Step[] {
  const kyc = user.kyc?.primary?.status;
  return [
    { key: 'kyc', label: 'firstRun_kyc', to: paths.userauth, done: kyc === 'approved', waiting: kyc === 'pending' },
    { key: 'deposit', label: 'firstRun_deposit', to: paths.deposit, done: hasDeposited, waiting: false },
    { key: 'fundPassword', label: 'firstRun_fundPassword', to: paths.fundPassword, done: Boolean(user.hasTradePwd), waiting: false },
    { key: 'email', label: 'firstRun_email', to: paths.emailAuthentication, done: Boolean(user.email), waiting: false },
  ];
}
