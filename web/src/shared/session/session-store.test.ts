import { signOut, useSession } from './session-store';
import { local, storageKeys } from '../storage/storage';
import { resetAll } from '@/test/reset';

beforeEach(() => resetAll());

describe('sign-out', () => {
  it('removes token and user info, clears sessionStorage, keeps the test-platform marker', () => {
    useSession.getState().signIn('abc');
    useSession.getState().setUserInfo({ userId: 7, username: 'ann', withdrawAddress: { type: '', address: '' } }, []);
    useSession.getState().setLanguage('de');
    local.set(storageKeys.testPlatform, 'staging');
    sessionStorage.setItem('onyx:draft', 'x');
    expect(local.get(storageKeys.token)).toBe('abc');

    signOut();

    expect(local.get(storageKeys.token)).toBeNull();
    expect(local.get(storageKeys.userInfo)).toBeNull();
    expect(sessionStorage.getItem('onyx:draft')).toBeNull();
    expect(local.get(storageKeys.testPlatform)).toBe('staging');
    expect(useSession.getState()).toMatchObject({ token: '', isSign: false, userInfo: null, language: 'de' });
  });

  it('keeps every key under the onyx: prefix', () => {
    useSession.getState().signIn('abc');
    useSession.getState().setLanguage('fr', '9');
    for (let i = 0; i < localStorage.length; i++) expect(localStorage.key(i)).toMatch(/^onyx:/);
  });
});
