// The console never loads the user app's client, session or texts (nor the
// formatters and components that read the user app's i18n).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

const FORBIDDEN = [/['"]@\/shared\/api\/client['"]/, /['"]@\/shared\/session/, /['"]@\/shared\/i18n/, /['"]@\/shared\/format/, /['"]@\/shared\/ui['"]/];

describe('console isolation', () => {
  it('imports nothing stateful of the user app', () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter((f) => FORBIDDEN.some((re) => re.test(sources[f])));
    expect(offenders).toEqual([]);
  });
});
