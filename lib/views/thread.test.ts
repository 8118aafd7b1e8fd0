import { describe, expect, it } from 'vitest';
import { firstLine, leadLastMessage, mergeOlder, olderHidden, showOlder, waitedFor } from './thread';

describe('firstLine (a queue row reads the lead\'s last message)', () => {
  it.each([
    ['plain text, first non-empty line', '\n\n  Thanks, Tuesday works.  \nBest, Ada', 'Thanks, Tuesday works.'],
    ['HTML paragraphs: the first one', '<p>Hello <b>Sam</b>,</p><p>Yes please.</p>', 'Hello Sam,'],
    ['a break ends the line', 'Sure<br>Ada', 'Sure'],
    ['scripts, styles and comments say nothing', '<style>p{color:red}</style><!-- x --><script>alert(1)</script><div>Real words</div>', 'Real words'],
    ['entities decoded, markup in them stays text', 'Tom &amp; Jerry &lt;script&gt; &#233;t&#xE9; &eacute;', 'Tom & Jerry <script> été é'],
    ['spaces and control characters collapse', 'a\t\u0000 b    c', 'a b c'],
    ['an unknown entity stays as written', 'x &zzz; y', 'x &zzz; y'],
    ['an attribute with > inside does not leak', '<a title="a>b" href="x">link</a> after', 'link after'],
  ])('%s', (_what, content, expected) => {
    expect(firstLine(content)).toBe(expected);
  });

  it('is null when nothing is left, and cut with an ellipsis at the limit (by characters, not code units)', () => {
    expect(firstLine('<p> </p><br>')).toBeNull();
    expect(firstLine('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
    expect(firstLine('abcdef', 6)).toBe('abcdef');
  });
});

describe('leadLastMessage', () => {
  it("is the newest message the lead sent, whatever the order, ours left out", () => {
    const ms = [
      { id: 'a', direction: 'RECEIVED', createdAt: 1 },
      { id: 'b', direction: 'SENT', createdAt: 9 },
      { id: 'c', direction: 'RECEIVED', createdAt: 5 },
    ];
    expect(leadLastMessage(ms)?.id).toBe('c');
    expect(leadLastMessage([{ id: 'x', direction: 'SENT', createdAt: 1 }])).toBeNull();
  });
});

describe('waitedFor', () => {
  const now = Date.UTC(2025, 2, 12, 12);
  it.each([
    [0, { value: 1, unit: 'minute' }],
    [59 * 60_000, { value: 59, unit: 'minute' }],
    [60 * 60_000, { value: 1, unit: 'hour' }],
    [5 * 3_600_000 + 59 * 60_000, { value: 5, unit: 'hour' }],
    [24 * 3_600_000, { value: 1, unit: 'day' }],
    [3 * 86_400_000 + 23 * 3_600_000, { value: 3, unit: 'day' }],
    [-60_000, { value: 1, unit: 'minute' }],
  ])('%i ms ago', (ago, expected) => {
    expect(waitedFor(now - ago, now)).toEqual(expected);
  });
});

describe('showOlder (the panel pages back through its thread)', () => {
  const msgs = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `m${from + i}` }));
  it('shows what is fetched first, without a call', () => {
    expect(showOlder({ messages: msgs(50), total: 120, pages: 1 }, 6, 10)).toEqual({ shown: 16, fetchPage: null });
  });
  it('asks for the next page when what is fetched runs out', () => {
    expect(showOlder({ messages: msgs(50), total: 120, pages: 1 }, 46, 10)).toEqual({ shown: 50, fetchPage: 1 });
    expect(showOlder({ messages: msgs(100), total: 120, pages: 2 }, 100, 10)).toEqual({ shown: 100, fetchPage: 2 });
  });
  it('asks for nothing past the last page', () => {
    expect(showOlder({ messages: msgs(8), total: 8, pages: 1 }, 6, 10)).toEqual({ shown: 8, fetchPage: null });
    expect(showOlder({ messages: msgs(50), total: 60, pages: 2 }, 50, 10)).toEqual({ shown: 50, fetchPage: null });
  });
  it('counts the older ones not shown, and merges a page that moved once', () => {
    expect(olderHidden({ messages: msgs(50), total: 120 }, 6)).toBe(114);
    expect(olderHidden({ messages: msgs(8), total: 8 }, 8)).toBe(0);
    expect(mergeOlder(msgs(3), msgs(3, 2)).map((m) => m.id)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });
});
