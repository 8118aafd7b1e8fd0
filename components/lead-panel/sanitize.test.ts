// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, messagePreview, PREVIEW_MAX, sanitizedFragment, stripEventHandlers } from './sanitize';

/** The sanitised nodes, as mounted (`content` as a template would name them). */
function parse(html: string): { content: DocumentFragment } {
  return { content: sanitizedFragment(html) };
}

describe('sanitizedFragment', () => {
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

  it('keeps the allowed markup and attributes, unwraps other elements and drops what is no text', () => {
    const out = parse(
      '<div style="color:red" class="x"><form action="https://evil.example/"><input value="v">Form text</form>' +
        '<table><tr><td colspan="2" onclick="x()">cell</td></tr></table><svg><a href="https://e.example/">svg</a></svg>' +
        '<math><mi>m</mi></math><textarea>typed</textarea><!-- comment --><u title="t">u</u></div>',
    ).content;
    expect(out.querySelector('form, input, svg, math, textarea, [style], [class]')).toBeNull();
    expect(out.textContent).toBe('Form textcellu');
    expect(out.querySelector('td')!.getAttribute('colspan')).toBe('2');
    expect(out.querySelector('u')!.getAttribute('title')).toBe('t');
    expect(out.querySelector('a')).toBeNull();
  });

  it('reads an entity-hidden javascript: URL as a browser does, and drops it', () => {
    const out = parse('<a href="jav&#x09;ascript:alert(1)">a</a><a href=" &#106;avascript:x">b</a><a href="mailto:a@e.example">m</a>').content;
    const links = Array.from(out.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, null, 'mailto:a@e.example']);
  });

  it('keeps text that looks like markup as text', () => {
    const out = parse('<p>&lt;script&gt;alert(1)&lt;/script&gt; 2 &lt; 3</p>').content;
    expect(out.querySelector('script')).toBeNull();
    expect(out.textContent).toBe('<script>alert(1)</script> 2 < 3');
  });

  it('builds nodes of the given document, elements of the allowlist only', () => {
    const fragment = sanitizedFragment('<p id="x" name="y">a<img src=x><form><input name=attributes></form></p>');
    expect([...fragment.querySelectorAll('*')].map((el) => el.localName)).toEqual(['p']);
    expect(fragment.querySelector('p')!.getAttributeNames()).toEqual([]);
    expect(fragment.ownerDocument).toBe(document);
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
    // Abrupt comments end where the tokenizer ends them: the tag after them is read as a tag.
    ['<!--><img src=x onerror=a()>-->', '<!--><img src=x >-->'],
    ['<!---><img src=x onerror=a()>', '<!---><img src=x >'],
    ['<!-- x --!><img onerror=a()>', '<!-- x --!><img >'],
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
