// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, sanitizeMessageHtml } from './sanitize';

function parse(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = sanitizeMessageHtml(html);
  return div;
}

describe('sanitizeMessageHtml', () => {
  it('removes scripts, event handlers, styles and frames but keeps the text', () => {
    const div = parse('<p onclick="steal()">Hi <b>Ada</b><script>alert(1)</script></p><img src=x onerror="steal()"><iframe src="https://evil.example"></iframe><style>p{}</style>');
    expect(div.querySelector('script, iframe, style, img')).toBeNull();
    expect(div.innerHTML).not.toMatch(/onclick|onerror|steal/);
    expect(div.textContent).toBe('Hi Ada');
  });

  it('opens links in a new tab with rel=noopener and drops javascript: URLs', () => {
    const div = parse('<a href="https://ok.example/x">ok</a> <a href="javascript:alert(1)">bad</a>');
    const [ok, bad] = Array.from(div.querySelectorAll('a'));
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
