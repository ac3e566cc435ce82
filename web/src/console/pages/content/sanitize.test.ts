import { allowedHref, sanitizeHtml } from './sanitize';

describe('the preview cleans HTML as the server does', () => {
  it('keeps the allowed tags and drops scripts, handlers and bad links (the server test, in the browser)', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><a href="https://onyx.example/a">ok</a><a href="/help">rel</a><img src=x onerror=alert(1)><h3>T</h3><div>d</div>',
    );
    expect(out).toContain('<p>Hi <strong>there</strong></p>');
    expect(out).not.toMatch(/script|alert|onclick|<img|<div/);
    expect(out).toContain('href="https://onyx.example/a"');
    expect(out).toContain('href="/help"');
    expect(out).toContain('<h3>T</h3>');
    expect(out).toContain('d');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });

  it('drops style with its content and unwraps unknown tags', () => {
    expect(sanitizeHtml('<style>p{color:red}</style><section><em>a</em> <u>b</u></section>')).toBe('<em>a</em> b');
  });

  it('refuses schemes hidden with whitespace or case', () => {
    expect(allowedHref('java\tscript:alert(1)')).toBe(false);
    expect(allowedHref(' JAVASCRIPT:alert(1)')).toBe(false);
    expect(allowedHref('data:text/html,x')).toBe(false);
    expect(allowedHref('mailto:help@onyx.example')).toBe(true);
    expect(allowedHref('help/deposits')).toBe(true);
  });

  it('escapes text', () => {
    expect(sanitizeHtml('a &lt;b&gt; <b>c</b>')).toBe('a &lt;b&gt; <b>c</b>');
  });
});
