/**
 * Merge placeholders (`{{firstname}}`, `{{companyName}}`, `{{identityFirstname}}`, ...), the one rule
 * for filling them: the composer's templates and snippets, and the emulator's sent sequence steps.
 * A name matches whatever its case and the spaces inside the braces; a placeholder with no value (an
 * unknown name, an empty field) stays as it was written, and is reported, so that it can be seen and
 * edited before anything is sent. Values are escaped when the output is HTML, kept as they are in text.
 */
import { escapeHtml } from './reply-rules';

/** Field name → value; null, undefined or blank: unknown. */
export type MergeFields = Readonly<Record<string, string | null | undefined>>;

export type FillMode = 'html' | 'text';

export interface Filled {
  text: string;
  /** The placeholders left unfilled, as `{{name}}`, once each, in order of appearance. */
  missing: string[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

const display = (name: string) => `{{${name}}}`;

function lookup(fields: MergeFields): (name: string) => string | null {
  const byLower = new Map<string, string>();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.trim() !== '') byLower.set(key.toLowerCase(), value);
  }
  return (name) => byLower.get(name.toLowerCase()) ?? null;
}

export function fillPlaceholders(template: string, fields: MergeFields, mode: FillMode): Filled {
  const value = lookup(fields);
  const missing: string[] = [];
  const text = template.replace(PLACEHOLDER, (whole, name: string) => {
    const v = value(name);
    if (v !== null) return mode === 'html' ? escapeHtml(v) : v;
    if (!missing.includes(display(name))) missing.push(display(name));
    return whole;
  });
  return { text, missing };
}

/** The placeholders a text still carries (what blocks its Send), as `{{name}}`, once each. */
export function unfilledPlaceholders(text: string): string[] {
  return fillPlaceholders(text, {}, 'text').missing;
}

interface LeadFields {
  firstname?: string | null;
  lastname?: string | null;
  companyName?: string | null;
  companyUrl?: string | null;
  jobTitle?: string | null;
  industry?: string | null;
  location?: string | null;
  phone?: string | null;
  proEmail?: string | null;
  persoEmail?: string | null;
}

interface IdentityFields {
  firstname?: string | null;
  lastname?: string | null;
  companyName?: string | null;
  jobTitle?: string | null;
}

/** The fields a reply's placeholders take: the lead's, and the sending identity's as `identity…`. */
export function mergeFieldsOf(lead: LeadFields | null, identity: IdentityFields | null): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (name: string, v: string | null | undefined) => {
    if (typeof v === 'string' && v.trim() !== '') out[name] = v.trim();
  };
  put('firstname', lead?.firstname);
  put('lastname', lead?.lastname);
  put('companyName', lead?.companyName);
  put('companyUrl', lead?.companyUrl);
  put('jobTitle', lead?.jobTitle);
  put('industry', lead?.industry);
  put('location', lead?.location);
  put('phone', lead?.phone);
  put('email', lead?.proEmail || lead?.persoEmail);
  put('identityFirstname', identity?.firstname);
  put('identityLastname', identity?.lastname);
  put('identityCompanyName', identity?.companyName);
  put('identityJobTitle', identity?.jobTitle);
  return out;
}
