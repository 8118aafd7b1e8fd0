/**
 * The free-text rule of the conversation search (`q`) and its index. `q` matches a lead when,
 * trimmed and lower-cased, it is a substring of one of the lead's texts (lower-cased, one per
 * field): "first last", the pro email, the personal email, the company. No accent folding; a part
 * of a word matches, and so does a needle across the space between first and last name.
 *
 * The index maps each word (maximal run of letters) and each number (maximal run of digits) of a
 * lead's texts to the leads holding it. A needle's letters or digits lie within one word or number
 * of any text holding the needle, so the leads whose words contain the needle's longest run are a
 * superset of its matches (found by a scan of the distinct words, about 20 000 at 100 000 leads,
 * not of the leads); they are then checked with the rule itself, unless the needle is that run.
 * Built on first use, then kept in step by every change of a lead (`added`, `update`).
 */
import type { LeadRecord } from './model';

/** The lower-cased texts `q` looks in, one line per field (a needle never spans two). */
export function searchableText(lead: LeadRecord): string {
  return [`${lead.firstname} ${lead.lastname}`, lead.proEmail, lead.persoEmail, lead.companyName]
    .filter((h): h is string => h !== null)
    .join('\n')
    .toLowerCase();
}

/** What `q` is compared as: trimmed, lower-cased; null when nothing can match it (a line break). */
export function textNeedle(q: string): string | null {
  const needle = q.trim().toLowerCase();
  return needle.includes('\n') ? null : needle;
}

/** Free text `q`: case-insensitive substring of the lead's name, emails or company. */
export function leadMatchesText(lead: LeadRecord, q: string): boolean {
  const needle = textNeedle(q);
  if (needle === '') return true;
  return needle !== null && searchableText(lead).includes(needle);
}

/** Runs of letters, runs of digits: a lead's words and numbers, a needle's runs. */
const RUNS = /\p{L}+|\p{N}+/gu;
const LETTER = /^\p{L}/u;

type Kind = 'words' | 'numbers';
const kindOf = (run: string): Kind => (LETTER.test(run) ? 'words' : 'numbers');

function runsOf(text: string): Set<string> {
  return new Set(text.match(RUNS) ?? []);
}

/** Per kind, each distinct run to the leads holding it (in no order). */
type Postings = Record<Kind, Map<string, LeadRecord[]>>;

export class LeadTextIndex {
  private postings: Postings | null = null;

  /** `all`: the workspace's leads, read when the index is built. */
  constructor(private readonly all: () => Iterable<LeadRecord>) {}

  /**
   * The leads whose text holds `needle` (as `textNeedle` gives it, not empty), in no order; each
   * once.
   */
  leadsWithText(needle: string): readonly LeadRecord[] {
    const postings = this.built();
    const run = longestRun(needle);
    if (run === null) {
      // Nothing to look up (punctuation, spaces): every lead is checked.
      const found: LeadRecord[] = [];
      for (const lead of this.all()) if (searchableText(lead).includes(needle)) found.push(lead);
      return found;
    }
    const holding: (readonly LeadRecord[])[] = [];
    for (const [token, leads] of postings[kindOf(run)]) if (token.includes(run)) holding.push(leads);
    // A lead holds a run once, so one word's leads need no de-duplication (the usual case: a name).
    const candidates = holding.length === 1 ? holding[0]! : [...new Set(holding.flat())];
    // The needle is the run: a word holding it is a part of the text, no check needed.
    if (run === needle) return candidates;
    return candidates.filter((lead) => searchableText(lead).includes(needle));
  }

  added(lead: LeadRecord): void {
    if (this.postings) for (const run of runsOf(searchableText(lead))) post(this.postings, run, lead);
  }

  /** Runs `change` on `lead`, then moves it between the words it left and the words it gained. */
  update(lead: LeadRecord, change: () => void): void {
    const before = this.postings ? runsOf(searchableText(lead)) : null;
    change();
    if (!this.postings || !before) return;
    const after = runsOf(searchableText(lead));
    for (const run of before) if (!after.has(run)) unpost(this.postings, run, lead);
    for (const run of after) if (!before.has(run)) post(this.postings, run, lead);
  }

  private built(): Postings {
    if (!this.postings) {
      const postings: Postings = { words: new Map(), numbers: new Map() };
      for (const lead of this.all()) for (const run of runsOf(searchableText(lead))) post(postings, run, lead);
      this.postings = postings;
    }
    return this.postings;
  }
}

/** The needle's longest run (the fewest words hold it, as a rule); null when it has none. */
function longestRun(needle: string): string | null {
  let best: string | null = null;
  for (const run of needle.match(RUNS) ?? []) if (best === null || run.length > best.length) best = run;
  return best;
}

function post(postings: Postings, run: string, lead: LeadRecord): void {
  const map = postings[kindOf(run)];
  const leads = map.get(run);
  if (leads) leads.push(lead);
  else map.set(run, [lead]);
}

function unpost(postings: Postings, run: string, lead: LeadRecord): void {
  const map = postings[kindOf(run)];
  const leads = map.get(run);
  const at = leads ? leads.indexOf(lead) : -1;
  if (!leads || at < 0) return;
  // Order does not matter: the last takes its place.
  leads[at] = leads[leads.length - 1]!;
  leads.pop();
  if (leads.length === 0) map.delete(run);
}
