import { describe, expect, it } from 'vitest';
import { addSnippet, readSnippets, removeSnippet, SNIPPETS_MAX } from './snippets';

describe('snippets', () => {
  it('adds last, replaces a snippet of the same name, keeps at most the newest', () => {
    let list = addSnippet([], ' Call ', 'Shall we talk, {{firstname}}?', 'a');
    list = addSnippet(list, 'Bye', 'Best, {{identityFirstname}}', 'b');
    list = addSnippet(list, 'call', 'Tuesday?', 'c');
    expect(list).toEqual([
      { id: 'b', name: 'Bye', text: 'Best, {{identityFirstname}}' },
      { id: 'c', name: 'call', text: 'Tuesday?' },
    ]);
    expect(removeSnippet(list, 'b').map((s) => s.id)).toEqual(['c']);
    for (let i = 0; i < SNIPPETS_MAX + 5; i++) list = addSnippet(list, `n${i}`, 't', `id${i}`);
    expect(list).toHaveLength(SNIPPETS_MAX);
    expect(list.at(-1)?.id).toBe(`id${SNIPPETS_MAX + 4}`);
  });

  it.each([[undefined], ['x'], [[{ id: 1, name: 'n', text: 't' }, null]]])('reads %j as no snippets', (stored) => {
    expect(readSnippets(stored)).toEqual([]);
  });
});
