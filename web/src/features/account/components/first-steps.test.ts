import type { UserInfo } from '@/shared/api/types';
import { firstSteps } from './first-steps';

const user = (over: Partial<UserInfo>): UserInfo => ({ userId: 1, username: 'alice', withdrawAddress: { type: '', address: '' }, ...over }) as UserInfo;
const done = (u: UserInfo, deposited: boolean) => Object.fromEntries(firstSteps(u, deposited).map((s) => [s.key, s.done]));

describe('the first-run checklist, from the account itself', () => {
  it('has nothing done for a new account, each step linking to its screen', () => {
    const steps = firstSteps(user({}), false);
    expect(steps.map((s) => [s.key, s.to, s.done])).toEqual([
      ['kyc', '/userauth', false],
      ['deposit', '/recharge', false],
      ['fundPassword', '/fund-password', false],
      ['email', '/emailAuthentication', false],
    ]);
  });

  it('ticks each step from real state; a verification under review is waiting, not done', () => {
    const pending = user({ kyc: { primary: { status: 'pending' }, advanced: { status: 'none' } } } as Partial<UserInfo>);
    expect(done(pending, false).kyc).toBe(false);
    expect(firstSteps(pending, false)[0].waiting).toBe(true);
    const all = user({ email: 'a@b.co', hasTradePwd: true, kyc: { primary: { status: 'approved' }, advanced: { status: 'none' } } } as Partial<UserInfo>);
    expect(done(all, true)).toEqual({ kyc: true, deposit: true, fundPassword: true, email: true });
    expect(done(all, false).deposit).toBe(false);
  });
});
