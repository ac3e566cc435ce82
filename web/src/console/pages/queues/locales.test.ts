// The queue and content texts exist in both languages, and the Chinese is Chinese.
import enQueues from '../../locales/en/queues.json';
import zhQueues from '../../locales/zh/queues.json';
import enContent from '../../locales/en/content.json';
import zhContent from '../../locales/zh/content.json';

describe.each([
  ['queues', enQueues, zhQueues],
  ['content', enContent, zhContent],
])('%s texts', (_name, en, zh) => {
  it('have the same keys in English and Chinese, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const v of [...Object.values(en), ...Object.values(zh)]) expect(v.trim()).not.toBe('');
  });

  it('keep every placeholder in the Chinese', () => {
    for (const [k, v] of Object.entries(en)) {
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect([k, names((zh as Record<string, string>)[k])]).toEqual([k, names(v)]);
    }
  });

  it('translate the sentences', () => {
    const han = /\p{Script=Han}/u;
    const untranslated = Object.entries(zh).filter(([k, v]) => !han.test(v) && v === (en as Record<string, string>)[k]);
    // Only texts that are the same in both (placeholders, codes) may be left as they are.
    expect(untranslated.map(([k]) => k)).toEqual([]);
  });
});
