import { needsCode, openLoginTypes } from './login-types';
import type { LoginRegisSetting } from '@/shared/settings/types';

const base: LoginRegisSetting = { emailIsOpen: false, phoneIsOpen: false, ordinaryIsOpen: true, inviteCodeRequired: true, emailCode: true, phoneCode: true, accountCode: false };

describe('sign-in types from LOGIN_REGIS_SETTING', () => {
  it('offers only account login by default', () => {
    expect(openLoginTypes(base)).toEqual(['account']);
  });
  it('adds email and phone tabs when switched on', () => {
    expect(openLoginTypes({ ...base, emailIsOpen: true, phoneIsOpen: '1' })).toEqual(['account', 'email', 'phone']);
  });
  it('asks for a code only where the type has a code setting on', () => {
    expect(needsCode('email', base)).toBe(true);
    expect(needsCode('phone', { ...base, phoneCode: false })).toBe(false);
    expect(needsCode('account', { ...base, accountCode: true })).toBe(false);
  });
});
