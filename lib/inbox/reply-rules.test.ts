import { describe, expect, it } from 'vitest';
import { bodyKey, PRONET_MESSAGE_MAX, replyTextProblem, textToEmailHtml } from './reply-rules';

describe('replyTextProblem', () => {
  it.each([
    ['', 'PRONET', 'empty'],
    ['   \n\t ', 'EMAIL', 'empty'],
    ['Hello', 'PRONET', null],
    ['x'.repeat(PRONET_MESSAGE_MAX), 'PRONET', null],
    ['x'.repeat(PRONET_MESSAGE_MAX + 1), 'PRONET', 'too-long'],
    ['x'.repeat(PRONET_MESSAGE_MAX + 1), 'EMAIL', null],
  ] as const)('%j on %s → %s', (text, channel, problem) => {
    expect(replyTextProblem(text, channel)).toBe(problem);
  });
});

describe('textToEmailHtml', () => {
  it.each([
    ['Hello', '<p>Hello</p>'],
    ['Hi Ann,\n\nThanks!\nBest', '<p>Hi Ann,</p><p>Thanks!<br>Best</p>'],
    ['a\r\n\r\n\r\nb', '<p>a</p><p>b</p>'],
    ['<b>bold</b> & "q" \'s', '<p>&lt;b&gt;bold&lt;/b&gt; &amp; &quot;q&quot; &#39;s</p>'],
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['\n\nonly\n\n', '<p>only</p>'],
    ['a\n  \nb', '<p>a</p><p>b</p>'],
  ])('%j → %s', (text, html) => {
    expect(textToEmailHtml(text)).toBe(html);
  });
});

describe('bodyKey', () => {
  it('gives the text and the HTML made of it the same key', () => {
    const text = 'Hi <Ann> & co,\n\nSee you  Tuesday.\nBest';
    expect(bodyKey(textToEmailHtml(text), true)).toBe(bodyKey(text, false));
  });
  it('normalises white space but keeps words and case', () => {
    expect(bodyKey('  a \n\n b\t', false)).toBe('a b');
    expect(bodyKey('A b', false)).not.toBe(bodyKey('a b', false));
  });
  it('decodes numeric entities', () => {
    expect(bodyKey('<p>caf&#233; &#x263A;</p>', true)).toBe('café ☺');
  });
});
