/**
 * The user's own snippets: a short list of named texts (with placeholders, filled when inserted),
 * kept by the worker in the extension's storage. Pure: the list in, the list out.
 */
export const SNIPPET_NAME_MAX = 80;
/** As long as the longest pronet message. */
export const SNIPPET_TEXT_MAX = 8000;
/** Kept at most: the oldest go first. */
export const SNIPPETS_MAX = 50;

export interface Snippet {
  id: string;
  name: string;
  text: string;
}

/** A stored value read back: anything not a snippet is dropped rather than trusted. */
export function readSnippets(stored: unknown): Snippet[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (s): s is Snippet =>
      typeof s === 'object' && s !== null && typeof s.id === 'string' && typeof s.name === 'string' && typeof s.text === 'string',
  );
}

/** The list with a new snippet last (a name taken before is replaced: one snippet per name). */
export function addSnippet(list: readonly Snippet[], name: string, text: string, id: string): Snippet[] {
  const trimmed = name.trim().slice(0, SNIPPET_NAME_MAX);
  const rest = list.filter((s) => s.name.toLowerCase() !== trimmed.toLowerCase());
  return [...rest, { id, name: trimmed, text: text.slice(0, SNIPPET_TEXT_MAX) }].slice(-SNIPPETS_MAX);
}

export function removeSnippet(list: readonly Snippet[], id: string): Snippet[] {
  return list.filter((s) => s.id !== id);
}
