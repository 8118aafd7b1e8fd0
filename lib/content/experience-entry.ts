/**
 * One entry of a profile's experience section, read by meaning. The real markup writes each line
 * twice (an `aria-hidden` copy for the eye, a visually hidden one for screen readers: `textLines`
 * reads it once) and nests lists inside an entry for two different things:
 * - a single position: title, "Company · Full-time", its period, its place, then a nested list of
 *   its description and skills (never a title: the position's own lines end where that list begins);
 * - several positions at one company: the company's line and its total ("Full-time · 7 yrs"), no
 *   period of its own, then a nested list of positions, each with its title and its period.
 * The lines before the nested list tell them apart: a position has its dated period there, a group
 * only its total.
 */
import { collapse, textLines } from './page-text';
import { COMPANY_LABEL, EMPLOYMENT_TYPE_ONLY, OTHER_LABEL, TITLE_LABEL, companyOfLine, isDatedPeriod, isOpenPeriod, isPeriod } from './profile-words';

export interface EntryWords {
  jobTitle?: string;
  company?: string;
  /** The position runs to this day (its period says "Present"). */
  open?: boolean;
}

const ITEM = 'li, [role="listitem"]';

/** The entry's first nested list (its description, or its positions), if any. */
function nestedList(entry: Element): Element | null {
  const item = entry.querySelector(`ul ${ITEM}, ol ${ITEM}, [role="list"] ${ITEM}`);
  return item?.closest('ul, ol, [role="list"]') ?? null;
}

/** A company line's company ("Acme · Full-time" → "Acme"); none when it only says the employment type. */
function companyOf(line: string): string | undefined {
  const company = companyOfLine(line);
  return company && !EMPLOYMENT_TYPE_ONLY.test(company) ? company : undefined;
}

/** The position's own lines (before any nested list), labelled or in their order: title, company. */
function positionWords(lines: readonly string[]): EntryWords {
  let jobTitle: string | undefined;
  let company: string | undefined;
  let open = false;
  const plain: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (COMPANY_LABEL.test(line) && lines[i + 1]) company ??= companyOf(lines[++i]!);
    else if (TITLE_LABEL.test(line) && lines[i + 1]) jobTitle ??= collapse(lines[++i]!);
    else if (OTHER_LABEL.test(line)) {
      if (lines[i + 1] && isOpenPeriod(lines[i + 1]!)) open = true;
      i++;
    } else if (isPeriod(line)) open ||= isOpenPeriod(line);
    else plain.push(line);
  }
  jobTitle ??= plain.shift();
  if (company === undefined && plain[0] !== undefined) company = companyOf(plain[0]);
  return { ...(jobTitle ? { jobTitle } : {}), ...(company ? { company } : {}), ...(open ? { open } : {}) };
}

/** What one experience entry says: its (newest) position's title, its company, whether it is current. */
export function entryWords(entry: Element): EntryWords {
  const nested = nestedList(entry);
  const head = textLines(entry, { maxLines: 12, ...(nested ? { skip: [nested] } : {}) });
  const first = nested?.querySelector(ITEM);
  if (nested && first && !head.some(isDatedPeriod)) {
    // A group: the company heads it, its newest position (first) gives the title and whether it runs on.
    const inner = entryWords(first);
    const labelled = head.filter((l) => !OTHER_LABEL.test(l) && !COMPANY_LABEL.test(l) && !isPeriod(l));
    const company = labelled[0] !== undefined ? companyOf(labelled[0]) : undefined;
    if (inner.jobTitle && company !== inner.jobTitle) return { ...inner, ...(company ? { company } : {}) };
  }
  return positionWords(head);
}

/**
 * The entry that says what the person does now: the first current one whose company is `company`
 * (the top card's, when it shows one), else the first current one, else the first.
 */
export function currentEntry(entries: readonly Element[], company?: string): EntryWords | undefined {
  const read = entries.slice(0, 8).map(entryWords);
  const same = (w: EntryWords) => company !== undefined && w.company?.toLowerCase() === company.toLowerCase();
  return read.find((w) => w.open && same(w)) ?? read.find(same) ?? read.find((w) => w.open) ?? read[0];
}
