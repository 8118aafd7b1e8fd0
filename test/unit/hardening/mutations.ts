/**
 * Mutations of a valid response body, for the response fuzzer: every field of the body is removed,
 * nulled, given a value of another type; strings get hostile markup and 1 MB; numbers get edge values;
 * objects get extra (and prototype-polluting) keys; arrays get emptied and blown up; and the whole body
 * is replaced by broken JSON, an empty body, an HTML page, other content types. The choices a field
 * gets among several candidates are drawn from a seeded PRNG, so a failing case reproduces from its seed.
 */
import { createRng, type Rng } from '../../../emulator/seed/prng';

export type Path = (string | number)[];

/** What the fake service sends back. */
export interface Wire {
  text: string;
  contentType: string;
}

export type Family =
  | 'missing'
  | 'null'
  | 'wrong-type'
  | 'hostile-string'
  | 'huge-string'
  | 'number-edge'
  | 'extra-fields'
  | 'array-edge'
  | 'body';

export interface Mutation {
  family: Family;
  /** Where the mutation is; [] for the whole body. */
  path: Path;
  /** What was done, for the failure message. */
  label: string;
  /** Built on demand: some bodies are megabytes. */
  wire(): Wire;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Markup and text that must never run, or break out of, wherever the UI shows a string. */
export const HOSTILE_STRINGS: readonly string[] = [
  '<script>document.title="pwned"</script>',
  '<img src=x onerror="document.title=\'pwned\'">',
  '<a href="javascript:document.title=\'pwned\'">click me</a>',
  '<svg onload="document.title=\'pwned\'"><circle r="1"/></svg>',
  '<style>body{display:none}</style>',
  '<iframe src="https://evil.example/"></iframe>',
  '"><script>alert(1)</script><x y="',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  "'; DROP TABLE leads; --",
  '\u202Egnp.exe\u202C', // right-to-left override
  '\u0000\u0007\u001b[31m\uFFFF', // control characters and an ANSI escape
  '\uD83D', // a lone surrogate
  'javascript:alert(1)',
];

/** One mebibyte of text with markup sprinkled in. */
export const HUGE_STRING = ('<b onclick="x()">' + 'A'.repeat(1000) + '</b>').repeat(Math.ceil((1 << 20) / 1021)).slice(0, 1 << 20);

/** Values of every JSON type, for "wrong type" replacements. */
const TYPE_CANDIDATES: readonly unknown[] = [0, 42, -1, 1.5, 'text', '', true, false, [], {}, [null], { id: 1 }];

export function jsonType(value: unknown): 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'object' | 'string' | 'number' | 'boolean';
}

/** Stands in for a number JSON.stringify cannot write (1e999 parses to Infinity). */
const RAW_MARK = '\u0000raw:';

function rawToken(token: string): string {
  return `${RAW_MARK}${token}`;
}

/** JSON text of `value`, with raw tokens written as they are. */
export function toText(value: unknown): string {
  const text = JSON.stringify(value);
  return text.includes('\\u0000raw:') ? text.replace(/"\\u0000raw:([^"]*)"/g, '$1') : text;
}

function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

/** A copy of `root` with the node at `path` replaced (or removed, with REMOVE). */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root);
  if (path.length === 0) return value;
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === REMOVE) delete parent[last];
  else parent[last] = value;
  return copy;
}

export const REMOVE = Symbol('remove');

export function pathLabel(path: Path): string {
  return path.length === 0 ? '(body)' : path.join('.');
}

/** Every node below the root, parents before children. */
export function walk(root: unknown): { path: Path; value: unknown }[] {
  const out: { path: Path; value: unknown }[] = [];
  const visit = (value: unknown, path: Path) => {
    if (path.length > 0) out.push({ path, value });
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  visit(root, []);
  return out;
}

function show(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `a ${value.length}-character string` : JSON.stringify(value);
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** An object with own `__proto__` and `constructor` keys, as JSON.parse would build it. */
function pollutingKeys(): Record<string, unknown> {
  return JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as Record<string, unknown>;
}

function fieldMutations(sample: unknown, rng: Rng): Mutation[] {
  const out: Mutation[] = [];
  const json = (family: Family, path: Path, label: string, value: unknown | typeof REMOVE): Mutation => ({
    family,
    path,
    label: `${pathLabel(path)} ${label}`,
    wire: () => ({ text: toText(setAt(sample, path, value)), contentType: JSON_TYPE }),
  });
  for (const { path, value } of walk(sample)) {
    const inObject = typeof path[path.length - 1] === 'string';
    if (inObject) out.push(json('missing', path, 'removed', REMOVE));
    if (value !== null) out.push(json('null', path, '← null', null));
    const type = jsonType(value);
    const others = TYPE_CANDIDATES.filter((c) => jsonType(c) !== type);
    for (const c of rng.sample(others, 2)) out.push(json('wrong-type', path, `← ${show(c)} (was ${type})`, c));
    if (type === 'string') {
      for (const s of rng.sample(HOSTILE_STRINGS, 2)) out.push(json('hostile-string', path, `← ${show(s)}`, s));
      out.push(json('huge-string', path, '← 1 MB string', HUGE_STRING));
    }
    if (type === 'number') {
      for (const n of rng.sample([-1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, -0], 2)) out.push(json('number-edge', path, `← ${n}`, n));
      const token = rng.pick(['1e999', '-1e999', '1E400']);
      out.push(json('number-edge', path, `← ${token} (not finite)`, rawToken(token)));
    }
    if (type === 'object') {
      const extra = { ...(value as object), unexpected: rng.pick(TYPE_CANDIDATES), '<img src=x onerror=alert(1)>': HOSTILE_STRINGS[0] };
      out.push(json('extra-fields', path, 'with extra and hostile-named keys', extra));
      out.push(json('extra-fields', path, 'with __proto__ and constructor keys', Object.assign(pollutingKeys(), value)));
    }
    if (type === 'array') {
      const items = value as unknown[];
      out.push(json('array-edge', path, '← []', []));
      if (items.length > 0) out.push(json('array-edge', path, '× 5000 items', Array.from({ length: 5000 }, () => items[0])));
    }
  }
  // The body itself gets extra keys too (a bare array body gets an extra item of another type).
  if (jsonType(sample) === 'object') {
    out.push({
      family: 'extra-fields',
      path: [],
      label: '(body) with __proto__, constructor and unknown keys',
      wire: () => ({ text: toText(Object.assign(pollutingKeys(), sample as object, { unexpected: 'x' })), contentType: JSON_TYPE }),
    });
  } else if (Array.isArray(sample)) {
    out.push({ family: 'wrong-type', path: [sample.length], label: '(body) with a string item appended', wire: () => ({ text: toText([...sample, 'stray']), contentType: JSON_TYPE }) });
  }
  return out;
}

/** Nests an array `depth` deep without recursion (JSON text is built directly). */
function deepNesting(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function bodyMutations(sample: unknown): Mutation[] {
  const valid = toText(sample);
  const body = (label: string, text: string, contentType = JSON_TYPE): Mutation => ({
    family: 'body',
    path: [],
    label: `(body) ${label}`,
    wire: () => ({ text, contentType }),
  });
  return [
    body('empty', ''),
    body('whitespace only', ' \n\t '),
    body('truncated JSON', valid.slice(0, Math.max(1, Math.floor(valid.length / 2)))),
    body('JSON with trailing garbage', `${valid}}garbage`),
    body('JSON with a trailing comma', valid.endsWith('}') ? `${valid.slice(0, -1)},}` : `${valid.slice(0, -1)},]`),
    body('single-quoted pseudo-JSON', valid.replace(/"/g, "'")),
    body('JavaScript instead of JSON', `while(1);${valid}`),
    body('null', 'null'),
    body('a string', '"ok"'),
    body('a number', '42'),
    body('true', 'true'),
    body('an empty object', '{}'),
    body('an empty array', '[]'),
    body('NaN', 'NaN'),
    body('an HTML error page as text/html', '<!doctype html><html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>', 'text/html'),
    body('a captive-portal page as JSON type', '<html><head><meta http-equiv="refresh" content="0;url=http://portal.example/"></head></html>'),
    body('plain text', 'OK', 'text/plain'),
    body('the valid body as text/html', valid, 'text/html; charset=utf-8'),
    body('the valid body with no content type', valid, ''),
    body('the valid body as application/octet-stream', valid, 'application/octet-stream'),
    body('the valid body behind a byte-order mark', `\uFEFF${valid}`),
    body('1 MB of garbage', HUGE_STRING),
    body('a 1 MB JSON string', JSON.stringify(HUGE_STRING)),
    body('arrays nested 100 000 deep', deepNesting(100_000)),
    body('invalid UTF-16 escapes', '{"statusCode":200,"x":"\\uD800\\u0000"}'),
  ];
}

/** Every mutation of one endpoint's sample, in a fixed order for a given seed. */
export function mutationsOf(sample: unknown, seed: string): Mutation[] {
  return [...fieldMutations(sample, createRng(seed)), ...bodyMutations(sample)];
}
