/** A page parsed as the browser would at `url` (links resolve against it), without running its scripts. */
import { Window } from 'happy-dom';

export function documentOf(html: string, url: string): Document {
  const window = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableCSSFileLoading: true, disableJavaScriptFileLoading: true } });
  window.document.write(html);
  return window.document as unknown as Document;
}
