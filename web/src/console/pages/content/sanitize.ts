// The server's HTML cleaning (crates/content/src/editing.rs sanitize_html,
// ammonia) redone in the browser for the preview, so an operator sees what
// users will see before saving, and nothing typed into the editor runs here:
// p, br, strong, b, em, i, ul, ol, li, h3, h4 and a (http, https, mailto or
// relative href, rel added) are kept; every other tag is unwrapped (its text
// kept) and its attributes dropped; script and style go with their content.

const KEPT = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a', 'h3', 'h4']);
const DROPPED_WITH_CONTENT = new Set(['script', 'style']);
const SCHEMES = new Set(['http', 'https', 'mailto']);
const LINK_REL = 'noopener noreferrer nofollow';

/** Whether an href may stay: a relative URL or one of the three schemes. */
export function allowedHref(href: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const squeezed = href.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(squeezed);
  // No scheme: relative, passed through as the server does.
  if (!scheme) return true;
  return SCHEMES.has(scheme[1].toLowerCase());
}

export function sanitizeHtml(html: string): string {
  // A document of its own: nothing in it loads or runs (DOMParser documents have no browsing context).
  const source = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  copy(source.body, root, out);
  return root.innerHTML;
}

function copy(from: Node, to: Node, doc: Document): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const tag = el.localName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!KEPT.has(tag)) {
      copy(el, to, doc);
      continue;
    }
    const clean = doc.createElement(tag);
    if (tag === 'a') {
      const href = el.getAttribute('href');
      if (href !== null && allowedHref(href)) clean.setAttribute('href', href);
      clean.setAttribute('rel', LINK_REL);
    }
    copy(el, clean, doc);
    to.appendChild(clean);
  }
}
