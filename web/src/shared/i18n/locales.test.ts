import en from '../../locales/en.json';

const files = import.meta.glob<{ default: Record<string, string> }>('../../locales/*.json', { eager: true });

describe('locale files', () => {
  it('all 16 languages have every key of en.json, non-empty', () => {
    const codes = Object.keys(files).map((p) => p.replace(/^.*\/(\w+)\.json$/, '$1')).sort();
    expect(codes).toEqual(['ar', 'da', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt', 'ru', 'th', 'tr', 'vi', 'zh']);
    for (const [path, mod] of Object.entries(files)) {
      const missing = Object.keys(en).filter((k) => !mod.default[k]);
      expect(missing, path).toEqual([]);
    }
  });
});
