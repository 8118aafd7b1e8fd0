// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSanitizer, looksLikeHtml, messagePreview, PREVIEW_MAX, sanitizeMessageHtml, stripEventHandlers } from './sanitize';

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

describe('stripEventHandlers', () => {
  it.each([
    ['Sure: <img src=x onerror=alert(1)> see you', 'Sure: <img src=x > see you'],
    // An unquoted value runs to a space or '>', '/' included (as browsers read it).
    ['<img/onerror=alert(1)/src=x>', '<img/>'],
    ['<a href="https://e.example/?a=1>2" ONCLICK = "x()" title=\'t\'>go</a>', '<a href="https://e.example/?a=1>2"  title=\'t\'>go</a>'],
    ['<p onmouseover=\'a("b")\'>x</p><b>y</b>', '<p >x</p><b>y</b>'],
    ['<!-- <img onerror=x> --><i>z</i>', '<!-- <img onerror=x> --><i>z</i>'],
    ['1 < 2 and <3 <', '1 < 2 and <3 <'],
    // Every `on…` name goes (none is on the allowlist anyway).
    ['<div one=1 data-on=2 on>t</div>', '<div  data-on=2 >t</div>'],
    ['<img src=x onerror="unterminated', '<img src=x '],
  ])('%s', (dirty, expected) => {
    expect(stripEventHandlers(dirty)).toBe(expected);
  });

  it('leaves no handler to a parser, whatever the quoting', () => {
    const doc = new DOMParser().parseFromString(stripEventHandlers('<svg onload=a()><img src=x onerror = "b()" /><body onpageshow=c()>'), 'text/html');
    const attrs = [...doc.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
    expect(attrs.filter((n) => n.startsWith('on'))).toEqual([]);
  });
});

describe('messagePreview', () => {
  it('is one line of plain text, sanitised, bounded with an ellipsis', () => {
    expect(messagePreview('Sure, here is my calendar: <img src=x onerror=alert(1)> see you then!')).toBe('Sure, here is my calendar: see you then!');
    expect(messagePreview('<p>Hi Grace,</p><p>Worth a <b>chat</b>?</p><script>steal()</script><style>p{}</style>')).toBe('Hi Grace, Worth a chat?');
    expect(messagePreview('Line one\n\n   line two')).toBe('Line one line two');
    const long = messagePreview('word '.repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('…')).toBe(true);
    expect(messagePreview('x'.repeat(PREVIEW_MAX + 10))).toHaveLength(PREVIEW_MAX);
    expect(messagePreview('  ')).toBe('');
  });
});
