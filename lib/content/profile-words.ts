/**
 * The words of a profile, as a person would read them: a name without the credentials and
 * decorations nobody types into a search (", PhD", emoji, "(she/her)"), and a headline's job title
 * and company in the forms people write them, in the languages the reader supports (en, fr, de, es,
 * it; ar for right-to-left pages).
 */
import { collapse } from './page-text';

// Emoji and pictographs, their joiners and variation selectors, flags; check marks and badges people add to names.
const DECORATION = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u2713\u2714\u2611\u00ae\u2122\u00a9]|\u200d|\ufe0f|\u20e3/gu;
/** Degrees and certifications written after a name (with or without a comma). */
const CREDENTIAL =
  /^(phd|ph\.d\.?|dphil|md|m\.d\.|mba|emba|msc|m\.sc\.?|bsc|b\.sc\.?|ma|ba|meng|dipl\.?-?ing\.?|cpa|cfa|pmp|cissp|cism|csm|pe|p\.eng\.?|esq\.?|frcs|facs|shrm-cp|dba|llm|ll\.m\.?|jd|j\.d\.)$/i;
/** Titles written before a name. */
const HONORIFIC = /^(dr|prof|mr|mrs|ms|mx|mme|mlle|herr|frau|sr|sra|srta|dott|dottssa|ing|eng)\.?$/i;
/** Separators after which a name goes on with a tagline ("Eva Keller | Sales coach"). */
const TAGLINE = /\s[|·•–—-]\s|\s[|·•]|[|·•]\s/;

/** A person's name as the page shows it, cleaned of what the user would not type; '' when nothing is left. */
export function cleanPersonName(text: string): string {
  let name = collapse(text.normalize('NFC').replace(DECORATION, ' '));
  name = name.split(TAGLINE)[0] ?? '';
  // Anything in brackets: pronouns, a maiden name, a nickname, a certification.
  name = name.replace(/\s*[([{（［][^)\]}）］]*[)\]}）］]?/g, ' ');
  // After a comma come credentials ("Eva Keller, PhD, MBA").
  name = name.split(/[,，،]/)[0] ?? '';
  const words = collapse(name).split(' ').filter(Boolean);
  while (words.length > 1 && HONORIFIC.test(words[0]!)) words.shift();
  while (words.length > 1 && CREDENTIAL.test(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/** A line that only says how to address the person ("She/Her", "(il/lui)"). */
export function isPronouns(line: string): boolean {
  return /^\(?\s*[\p{L}]{1,6}\s*\/\s*[\p{L}]{1,6}(\s*\/\s*[\p{L}]{1,6})?\s*\)?$/u.test(line);
}

/** A line that only gives the connection degree or a separator ("· 1st", "2e", "3.", "•"). */
export function isDecoration(line: string): boolean {
  const bare = line.replace(DECORATION, '').replace(/[·•|,.\s-]/g, '');
  return (
    bare === '' ||
    /^(1st|2nd|3rd\+?|\d(er|e|re|º|ª)?|\d\+?)$/i.test(bare) ||
    /\bdegree connection\b|\bconnexion de \d|\brelation de \d|\bkontakt \d|\bcontacto de \d|^status is (offline|reachable|online)$|^statut\s*:/i.test(line)
  );
}

/**
 * The forms of "Title at Company": each connector with the spaces around it. The last connector of
 * the first part wins ("Head of Sales at Acme" and "Ingeniera en Sistemas en Acme" alike).
 */
const AT = /\s(?:at|@|chez|bei|en|presso|في)\s|\s?@\s?/giu;
/** The parts of a headline: taglines after a bar or a middle dot. */
const PARTS = /\s[|·•]\s|\s[–—]\s/;
/** The bar form: "Title | Company" (a middle dot only joins taglines). */
const BAR = /\s\|\s/;

export interface HeadlineWords {
  jobTitle?: string;
  company?: string;
  /** How the company was read: a connector ("at", "chez", ...) or the bar form ("Title | Company"), weaker. */
  form?: 'at' | 'bar';
}

const part = (text: string | undefined): string | undefined => {
  const value = collapse(text ?? '').replace(/^[,;:.\s]+|[,;:\s]+$/g, '');
  return value || undefined;
};

/** A headline's job title and company, when it says them in one of the common forms. */
export function headlineWords(headline: string): HeadlineWords {
  const parts = collapse(headline).split(PARTS).map((p) => p.trim()).filter(Boolean);
  const first = parts[0];
  if (!first) return {};
  let last: RegExpExecArray | null = null;
  AT.lastIndex = 0;
  for (let m = AT.exec(first); m; m = AT.exec(first)) last = m;
  if (last && last.index > 0) {
    const jobTitle = part(first.slice(0, last.index));
    const company = part(first.slice(last.index + last[0].length));
    if (jobTitle && company) return { jobTitle, company, form: 'at' };
  }
  const bars = collapse(headline).split(BAR);
  if (bars.length >= 2 && bars[0]!.trim() === first) {
    const jobTitle = part(first);
    const company = part(bars[1]!.split(PARTS)[0]);
    if (jobTitle && company) return { jobTitle, company, form: 'bar' };
  }
  return {};
}

/**
 * A headline's job title and company only where it clearly says "<job title> at <company>" (" at ",
 * " chez ", "@" and the other connectors above), its taglines aside: "CTO at Acme | speaker" is CTO at
 * Acme. The bar form ("Founder | Building X") and a slogan say none: such a headline is a headline, never
 * a job title. A suggestion the forms show, which the user may correct before anything is sent.
 */
export function jobTitleAtCompany(headline: string): { jobTitle: string; company: string } | null {
  const said = headlineWords(headline);
  return said.form === 'at' && said.jobTitle && said.company ? { jobTitle: said.jobTitle, company: said.company } : null;
}

/** An entry's company line without its employment type ("Hyrule Labs · Full-time" → "Hyrule Labs"). */
export function companyOfLine(line: string): string | undefined {
  return part(line.split(/\s[·•]\s/)[0]);
}

/** A line that says when or how long (a year, "Present", a duration): no title or company. */
export function isPeriod(line: string): boolean {
  return (
    /\b(19|20)\d{2}\b/.test(line) ||
    /^(\d+\s*(yrs?|years?|mos?|months?|ans?|mois|jahre?|monate?|años?|meses?|anni|mesi)\b\s*)+$/i.test(line) ||
    OPEN_PERIOD.test(line)
  );
}

/** A period that runs to this day ("Jan 2022 - Present"): the position is current. */
const OPEN_PERIOD = /\b(present|aujourd’hui|aujourd'hui|heute|actualidad|presente|oggi)\b|الحالي|حتى الآن/i;
export const isOpenPeriod = (line: string): boolean => OPEN_PERIOD.test(line);
/** A period with its dates (a year, or "Present"), not a bare total ("7 yrs 4 mos"): a position's own line. */
export const isDatedPeriod = (line: string): boolean => /\b(19|20)\d{2}\b/.test(line) || OPEN_PERIOD.test(line);

/**
 * What some entries put in the company's place when there is no company: the employment type alone
 * ("Self-employed"). No company: a lead's company is never "Self-employed".
 */
export const EMPLOYMENT_TYPE_ONLY = /^(self-employed|freelance|freelancer|independent|indépendant|indépendante|auto-entrepreneur|selbstständig|selbständig|freiberuflich|autónomo|autónoma|lavoratore autonomo|عمل حر)$/i;

/**
 * The top card's current-position control, by the words of its accessible name ("Current company:
 * Acme. Click to skip to experience card"), in the supported languages.
 */
export const CURRENT_COMPANY_LABEL = /^(current company|current position|entreprise actuelle|poste actuel|aktuelles unternehmen|derzeitiges unternehmen|empresa actual|azienda attuale|الشركة الحالية)\s*:\s*/i;

/** The words of a page that says the profile is not there ("This page doesn’t exist"), en, fr, de, es, it. */
export const NOT_FOUND =
  /^(this page doesn[’']t exist|page not found|this profile is not available|cette page n[’']existe pas|page introuvable|ce profil n[’']est pas disponible|diese seite existiert nicht|seite nicht gefunden|esta página no existe|página no encontrada|questa pagina non esiste|pagina non trovata)\.?$/i;

/** Section headings that name the work history, in the supported languages. */
export const EXPERIENCE_HEADING = /^(experience|work experience|expérience|expériences|expérience professionnelle|berufserfahrung|erfahrung|experiencia|experiencia laboral|esperienza|esperienze lavorative|الخبرة|الخبرات)$/i;

/** Labels some markups put before an entry's parts (for screen readers): which line is what. */
export const COMPANY_LABEL = /^(company name|company|nom de l’entreprise|nom de l'entreprise|entreprise|unternehmen|name des unternehmens|firma|nombre de la empresa|empresa|azienda)$/i;
export const TITLE_LABEL = /^(title|job title|titre|intitulé du poste|poste|titel|position|cargo|puesto|qualifica|ruolo)$/i;
export const OTHER_LABEL =
  /^(dates employed|employment duration|total duration|location|dates|durée|lieu|zeitraum|beschäftigungsdauer|ort|fechas de empleo|duración|ubicación|date|durata|località)$/i;

/** What a link to the person's profile says: "View profile" and its translations. */
export const VIEW_PROFILE = /\b(view|see|open|visit)\b.{0,30}\bprofile\b|\bvoir (le |son )?profil\b|\bprofil (anzeigen|ansehen|öffnen)\b|\b(ver|abrir) (el |su )?perfil\b|\bvisualizza (il )?profilo\b|عرض الملف/iu;

/** "View Madeleine N.’s profile" and its translations: a link's words for screen readers, naming its person. */
const VIEW_NAMED = [/^view (.+?)[’']s? profile$/i, /^voir le profil de (.+)$/i, /^profil von (.+?) anzeigen$/i, /^ver el perfil de (.+)$/i, /^visualizza il profilo di (.+)$/i];

/** The person a "View X’s profile" line names, or undefined when the line is no such sentence. */
export function viewProfileName(line: string): string | undefined {
  for (const form of VIEW_NAMED) {
    const name = form.exec(line)?.[1]?.trim();
    if (name) return name;
  }
  return undefined;
}
