import { describe, expect, it } from 'vitest';
import { cssRule } from '../test-css';

// Issue 45: "Programmi/ng" in French. `overflow-wrap: anywhere` (with `min-width: 0`) let the badge
// column squeeze a person's text to a few letters, cutting words at any character.
describe("This page's people keep their words whole", () => {
  it('wraps a person between words, the column at least its longest word', () => {
    const text = cssRule('this-page/this-page.css', '.this-page-person-text');
    expect(text).toMatch(/overflow-wrap:\s*break-word/);
    expect(text).not.toMatch(/anywhere|break-all|min-width:\s*0/);
  });

  it('lets only a profile address, shown for want of a name, break anywhere', () => {
    expect(cssRule('this-page/this-page.css', '.this-page-person-url')).toMatch(/overflow-wrap:\s*anywhere/);
  });
});
