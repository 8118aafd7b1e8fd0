// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSanitizer, looksLikeHtml, sanitizeMessageHtml } from './sanitize';

beforeAll(async () => {
  // happy-dom's Node.prototype.nodeName getter returns '' instead of dispatching to the element's own
  // getter as browsers do, and DOMPurify reads nodeName through that prototype getter. Make it behave
  // like a browser's so the real sanitiser runs here. (happy-dom's NodeIterator also loses its place
  // when DOMPurify removes a node; the allowlist check in sanitize.ts then falls back to plain text.)
  const base = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName')!;
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (let proto = Object.getPrototypeOf(this); proto && proto !== Node.prototype; proto = Object.getPrototypeOf(proto)) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
        if (own?.get) return own.get.call(this);
      }
      return base.get!.call(this);
    },
  });
  await loadSanitizer();
});

function parse(html: string): HTMLTemplateElement {
  const template = document.createElement('template');
  template.innerHTML = sanitizeMessageHtml(html);
  return template;
}

describe('sanitizeMessageHtml', () => {
  it('removes scripts, event handlers, styles and frames but keeps the text', () => {
    const out = parse('<p onclick="steal()">Hi <b>Ada</b><script>alert(1)</script></p><img src="x" onerror="steal()"><iframe></iframe><style>p{}</style>').content;
    expect(out.querySelector('script, iframe, style, img')).toBeNull();
    expect(Array.from(out.querySelectorAll('*')).some((el) => el.getAttributeNames().some((n) => n.startsWith('on')))).toBe(false);
    expect(out.textContent).toContain('Hi Ada');
    expect(out.textContent).not.toMatch(/steal|alert/);
  });

  it('opens links in a new tab with rel=noopener and drops javascript: URLs', () => {
    const out = parse('<a href="https://ok.example/x">ok</a> <a href="javascript:alert(1)">bad</a>').content;
    const [ok, bad] = Array.from(out.querySelectorAll('a'));
    expect(ok!.getAttribute('href')).toBe('https://ok.example/x');
    expect(ok!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(ok!.getAttribute('target')).toBe('_blank');
    expect(bad!.hasAttribute('href')).toBe(false);
  });

  it('tells markup from plain text', () => {
    expect(looksLikeHtml('<p>Hello</p>')).toBe(true);
    expect(looksLikeHtml('2 < 3 and 5 > 4')).toBe(false);
  });
});
