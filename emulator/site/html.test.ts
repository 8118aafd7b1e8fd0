import { describe, expect, it } from 'vitest';
import { escapeHtml, html, jsonForScript, raw } from './html';

describe('html', () => {
  it('escapes interpolated text, including quotes for attributes', () => {
    const name = '<img src=x onerror="alert(1)">';
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>',
    );
    expect(escapeHtml(`'&'`)).toBe('&#39;&amp;&#39;');
  });

  it('nests fragments and lists without escaping them twice', () => {
    const items = ['a&b', 'c'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe('<ul><li>a&amp;b</li><li>c</li></ul>');
    expect(html`${raw('<b>')}${null}${undefined}${false}${0}`.value).toBe('<b>0');
  });

  it('embeds JSON that cannot close its script element', () => {
    expect(jsonForScript({ a: '</script><script>x' }).value).not.toContain('</script>');
  });
});
