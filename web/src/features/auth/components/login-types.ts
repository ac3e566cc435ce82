import { isOn, type LoginRegisSetting } from '@/shared/settings/types';
import type { TKey } from '@/shared/i18n/i18n';

export type LoginType = 'account' | 'email' | 'phone';

export const LOGIN_TYPE_LABEL: Record<LoginType, TKey> = { account: 'tab_account', email: 'tab_email', phone: 'tab_phone' };

/** The sign-in/registration types the settings switch on, in display order. */
export function openLoginTypes(setting: LoginRegisSetting | undefined): LoginType[] {
  if (!setting) return ['account'];
  const types: LoginType[] = [];
  if (isOn(setting.ordinaryIsOpen)) types.push('account');
  if (isOn(setting.emailIsOpen)) types.push('email');
  if (isOn(setting.phoneIsOpen)) types.push('phone');
  return types;
}

/** Whether registering with this type needs an emailed/texted code. */
export function needsCode(type: LoginType, setting: LoginRegisSetting | undefined): boolean {
  if (!setting) return false;
  if (type === 'email') return isOn(setting.emailCode);
  if (type === 'phone') return isOn(setting.phoneCode);
  return false; // an account name has nowhere to send a code
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
