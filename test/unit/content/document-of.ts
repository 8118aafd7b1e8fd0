/** A page parsed as the browser would at `url` (links resolve against it), without running its scripts. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Window } from 'happy-dom';

/** A fixture of the corpus of real structures (test/fixtures/corpus). */
export const corpusFile = (path: string): string => readFileSync(resolve(__dirname, '../../fixtures/corpus', path), 'utf8');

export function documentOf(html: string, url: string): Document {
  const window = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableCSSFileLoading: true, disableJavaScriptFileLoading: true } });
  window.document.write(html);
  return window.document as unknown as Document;
}
