// The console's keys are typed: a key no English file has fails the type
// check (the @ts-expect-error lines below fail `tsc` if that ever stops).
import { consoleI18n } from './i18n';
import { isConsoleKey, keyFor, type ConsoleKey } from './keys';
import type { CT } from './layout/useCt';

const t = consoleI18n.t as unknown as CT;

describe('console keys', () => {
  it('takes keys of the English files and refuses others', () => {
    const known: ConsoleKey = 'shell.menu.dashboard';
    expect(t(known)).toBe('Dashboard');
    // @ts-expect-error a key no locale file has
    const missing: ConsoleKey = 'shell.menu.nowhere';
    expect(isConsoleKey(consoleI18n, missing)).toBe(false);
  });

  it('builds a key from a run-time value under a prefix some key has', () => {
    expect(keyFor('shell.role.', 'owner')).toBe('shell.role.owner');
    expect(t(keyFor('shell.role.', 'owner'))).toBe('Owner');
    // @ts-expect-error a prefix no key begins with
    expect(keyFor('shell.rôle.', 'owner')).toBe('shell.rôle.owner');
  });

  it('has every area heading the menu may show', () => {
    for (const area of ['queues', 'settings', 'content', 'catalogue', 'products', 'house']) {
      expect(isConsoleKey(consoleI18n, `shell.menu.area.${area}`)).toBe(true);
    }
  });
});
