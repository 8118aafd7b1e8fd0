/**
 * The message sanitiser (components/lead-panel/sanitize.ts) proved in a real browser: DOMPurify's own
 * corpus and the classic mutation-XSS cases, each sanitised and mounted as the panel mounts it
 * (`replaceChildren`) into a page WITHOUT any CSP, so that anything surviving would run or load. Then:
 * no script ran (alert, confirm, prompt, print are traps), no element outside the allowlist, no
 * handler, style, id or name, no href but http(s)/mailto/tel, every link in a new tab with noopener,
 * no form, no style sheet, no request to the server beyond the page itself, the document unclobbered.
 * Used by the Chromium suite (test/e2e/sanitizer.e2e.ts) and the Firefox one (test/e2e-firefox).
 */
import { build } from 'esbuild';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { EXPECT_PAYLOADS, TEST_SUITE_PAYLOADS } from './fixtures/dompurify-corpus';
import { MUTATION_XSS_PAYLOADS } from './fixtures/mutation-xss';

export const PROOF_PAYLOADS: readonly string[] = [...EXPECT_PAYLOADS, ...TEST_SUITE_PAYLOADS, ...MUTATION_XSS_PAYLOADS];

export interface ProofReport {
  problems: string[];
  /** Trapped calls (`alert(1)` …): a script ran. */
  ran: string[];
  /** Payloads mounted. */
  mounted: number;
  /** Elements mounted in all (the proof looked at something). */
  elements: number;
}

/** The page's own code: plain script, so that no bundler or test transform stands between. */
const PROVER = String.raw`
window.__ran = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = (...args) => window.__ran.push(name + '(' + args.join(',') + ')');
const TAGS = new Set(['a', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'hr', 'i', 'li', 'ol', 'p',
  'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul']);
const ATTRS = new Set(['href', 'title', 'colspan', 'rowspan', 'target', 'rel']);
const SAFE_URL = /^(?:https?:|mailto:|tel:)/i;
const HTML_NS = 'http://www.w3.org/1999/xhtml';
window.prove = async (payloads, naive) => {
  const problems = [];
  const original = { getElementById: document.getElementById, querySelector: document.querySelector, body: document.body };
  let elements = 0;
  const root = document.getElementById('messages');
  payloads.forEach((payload, i) => {
    const box = document.createElement('div');
    root.append(box);
    try {
      // naive: the control, markup as it came (proves the checks below can fail).
      if (naive) box.innerHTML = payload;
      else box.replaceChildren(window.MessageSanitizer.sanitizedFragment(payload));
    } catch (error) {
      problems.push('#' + i + ' threw ' + error);
      return;
    }
    for (const el of box.querySelectorAll('*')) {
      elements += 1;
      try {
        if (!TAGS.has(el.localName) || el.namespaceURI !== HTML_NS) problems.push('#' + i + ' element <' + el.localName + '>');
        for (const name of el.getAttributeNames()) {
          const value = el.getAttribute(name);
          if (!ATTRS.has(name)) problems.push('#' + i + ' attribute ' + name + ' on <' + el.localName + '>');
          if (name === 'href' && !SAFE_URL.test(value.trim())) problems.push('#' + i + ' href ' + value);
        }
        if (el.localName === 'a' && (el.getAttribute('target') !== '_blank' || !/(^|\s)noopener(\s|$)/.test(el.getAttribute('rel') || ''))) {
          problems.push('#' + i + ' a link that opens in place or without noopener');
        }
      } catch (error) {
        problems.push('#' + i + ' an element its own markup clobbered: ' + error);
      }
    }
  });
  // Handlers fire late (an image's error, a focus, an animation): give them time.
  await new Promise((done) => setTimeout(done, 1500));
  if (document.forms.length > 0) problems.push(document.forms.length + ' forms');
  if (document.styleSheets.length > 0) problems.push(document.styleSheets.length + ' style sheets');
  if (document.querySelectorAll('#messages [style], #messages [id], #messages [name]').length > 0) problems.push('style, id or name attributes');
  if (document.getElementById !== original.getElementById || document.querySelector !== original.querySelector || document.body !== original.body) problems.push('document clobbered');
  if (typeof document.cookie !== 'string' || document.defaultView !== window) problems.push('document clobbered (cookie, defaultView)');
  const loads = performance.getEntriesByType('resource').map((e) => e.name).filter((n) => !/\/(sanitizer\.js|prover\.js|favicon\.ico)$/.test(n));
  if (loads.length > 0) problems.push('loaded ' + loads.join(' '));
  return { problems, ran: window.__ran, mounted: root.children.length, elements };
};
`;

const PAGE = '<!doctype html><html><head><meta charset="utf-8"><title>sanitiser proof</title></head><body><div id="messages"></div><script src="/sanitizer.js"></script><script src="/prover.js"></script></body></html>';

/** `window.prove` of the proof page; `naive` mounts the markup as it came, the control run. */
export type Prove = (payloads: readonly string[], naive?: boolean) => Promise<ProofReport>;

export interface ProofServer {
  url: string;
  /** Requests beyond the page and its two scripts: a remote load that survived. */
  strayRequests(): string[];
  close(): Promise<void>;
}

/** Serves the proof page on 127.0.0.1 with the sanitiser bundled as it ships (no CSP: nothing shields it). */
export async function startProofServer(): Promise<ProofServer> {
  const bundle = await build({
    entryPoints: [resolve('components/lead-panel/sanitize.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'MessageSanitizer',
    target: 'es2022',
  });
  const sanitizer = bundle.outputFiles[0]!.text;
  const stray: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = path === '/' ? PAGE : path === '/sanitizer.js' ? sanitizer : path === '/prover.js' ? PROVER : null;
    if (body === null) {
      if (path !== '/favicon.ico') stray.push(path);
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': path === '/' ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    strayRequests: () => [...stray],
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
