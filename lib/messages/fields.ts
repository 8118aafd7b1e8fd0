/** What the requests, replies and pushes share: small schemas (ids, tab ids, words a page suggests), the record check. */
import { z } from 'zod/mini';

export const id = z.string().check(z.minLength(1), z.maxLength(200));
/** A queue screen's name, chosen by the panel (`inbox-leave`). */
export const screen = z.string().check(z.minLength(1), z.maxLength(100));
export const tabId = z.number().check(z.int(), z.nonnegative());
/** A word of a name search: what the user typed (the page only suggests it), bounded. */
export const nameWord = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** Every conversation mutation targets a conversation by its id; leadId places it in a panel. */
export const conversationTarget = { conversationId: id, leadId: id };

export { PAGE_PEOPLE_MAX } from '../views/this-page-limits';
export const pageWord = z.optional(z.string().check(z.trim(), z.maxLength(200)));
export const pagePerson = z.object({ url: z.string().check(z.maxLength(4096)), name: pageWord, title: pageWord, company: pageWord });

export function isRecord(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}
