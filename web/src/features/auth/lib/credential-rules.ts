import type { TKey } from '@/shared/i18n/i18n';
import type { CredentialRules } from '../api/get-credential-rules';

/**
 * One rule of a field, with whether the value meets it: the numbers come
 * from the server's published rules (`credentialRules`), and each test is
 * the one `onyx_kernel::identity` applies, so the hints and the server agree.
 */
export interface RuleCheck {
  /** The rule's name (`Rule` in the server's identity module). */
  rule: 'length' | 'startsWithLetter' | 'allowedCharacters' | 'needsLetter' | 'needsDigit' | 'digitsOnly' | 'notTrivial';
  text: TKey;
  params?: Record<string, string | number>;
  ok: boolean;
}

const length = (value: string) => [...value].length;
const between = (n: number, r: { minLength: number; maxLength: number }) => n >= r.minLength && n <= r.maxLength;
const isAsciiLetter = (c: string) => /^[A-Za-z]$/.test(c);

export function usernameChecks(rules: CredentialRules['username'], raw: string): RuleCheck[] {
  const name = raw.trim();
  const range = { min: rules.minLength, max: rules.maxLength };
  const allowed = [...name].every((c) => /^[A-Za-z0-9]$/.test(c) || rules.extraChars.includes(c));
  return [
    { rule: 'length', text: 'rule_usernameLength', params: range, ok: between(length(name), rules) },
    { rule: 'startsWithLetter', text: 'rule_startsWithLetter', ok: isAsciiLetter(name.charAt(0)) },
    { rule: 'allowedCharacters', text: 'rule_allowedCharacters', params: { extra: rules.extraChars }, ok: name.length > 0 && allowed },
  ];
}

export function passwordChecks(rules: CredentialRules['password'], password: string): RuleCheck[] {
  return [
    { rule: 'length', text: 'rule_passwordLength', params: { min: rules.minLength, max: rules.maxLength }, ok: between(length(password), rules) },
    { rule: 'needsLetter', text: 'rule_needsLetter', ok: /\p{L}/u.test(password) },
    { rule: 'needsDigit', text: 'rule_needsDigit', ok: /[0-9]/.test(password) },
  ];
}

/** One digit repeated, or a run up or down by one (111111, 123456, 654321). */
export function isTrivialSequence(digits: string): boolean {
  const d = [...digits].map(Number);
  return [0, 1, -1].some((step) => d.every((v, i) => i === 0 || v - d[i - 1] === step));
}

export function fundPasswordChecks(rules: CredentialRules['fundPassword'], password: string): RuleCheck[] {
  const digitsOnly = /^[0-9]*$/.test(password);
  return [
    { rule: 'length', text: 'rule_fundLength', params: { min: rules.minLength, max: rules.maxLength }, ok: between(length(password), rules) },
    { rule: 'digitsOnly', text: 'rule_digitsOnly', ok: password.length > 0 && digitsOnly },
    { rule: 'notTrivial', text: 'rule_notTrivial', ok: password.length > 0 && digitsOnly && !isTrivialSequence(password) },
  ];
}

export const allMet = (checks: RuleCheck[]) => checks.every((c) => c.ok);
