import { allMet, fundPasswordChecks, isTrivialSequence, passwordChecks, usernameChecks } from './credential-rules';

// The numbers the server publishes today (GET /api/user/credentialRules).
const RULES = {
  username: { minLength: 4, maxLength: 20, extraChars: '_' },
  password: { minLength: 8, maxLength: 64 },
  fundPassword: { minLength: 6, maxLength: 12 },
};

const broken = (checks: { rule: string; ok: boolean }[]) => checks.filter((c) => !c.ok).map((c) => c.rule);

describe('the rules the server applies, evaluated as the user types', () => {
  it('names the one rule "lina.k" breaks: the dot is not an allowed character', () => {
    expect(broken(usernameChecks(RULES.username, 'lina.k'))).toEqual(['allowedCharacters']);
    expect(broken(usernameChecks(RULES.username, '1.a'))).toEqual(['length', 'startsWithLetter', 'allowedCharacters']);
    expect(allMet(usernameChecks(RULES.username, ' lina_k '))).toBe(true);
    expect(broken(usernameChecks(RULES.username, ''))).toEqual(['length', 'startsWithLetter', 'allowedCharacters']);
    expect(broken(usernameChecks(RULES.username, 'a'.repeat(21)))).toEqual(['length']);
  });

  it('lists every broken password rule at once', () => {
    expect(broken(passwordChecks(RULES.password, 'short'))).toEqual(['length', 'needsDigit']);
    expect(broken(passwordChecks(RULES.password, '1234'))).toEqual(['length', 'needsLetter']);
    expect(broken(passwordChecks(RULES.password, ''))).toEqual(['length', 'needsLetter', 'needsDigit']);
    expect(allMet(passwordChecks(RULES.password, 'demo-pass-1'))).toBe(true);
    expect(broken(passwordChecks(RULES.password, 'a1'.repeat(33)))).toEqual(['length']);
  });

  it('follows the published numbers, not its own', () => {
    expect(allMet(passwordChecks({ minLength: 10, maxLength: 64 }, 'demo-pass'))).toBe(false);
    expect(allMet(passwordChecks({ minLength: 10, maxLength: 64 }, 'demo-pass-1'))).toBe(true);
  });

  it('refuses trivial fund passwords as the server does', () => {
    for (const bad of ['123456', '111111', '654321', '0123456789', '987654']) {
      expect(broken(fundPasswordChecks(RULES.fundPassword, bad))).toEqual(['notTrivial']);
    }
    expect(broken(fundPasswordChecks(RULES.fundPassword, '12345'))).toEqual(['length', 'notTrivial']);
    expect(broken(fundPasswordChecks(RULES.fundPassword, '13579a'))).toEqual(['digitsOnly', 'notTrivial']);
    expect(broken(fundPasswordChecks(RULES.fundPassword, '1357913579135'))).toEqual(['length']);
    expect(allMet(fundPasswordChecks(RULES.fundPassword, '013579'))).toBe(true);
    expect(allMet(fundPasswordChecks(RULES.fundPassword, '135790246'))).toBe(true);
    expect(isTrivialSequence('121212')).toBe(false);
  });
});
