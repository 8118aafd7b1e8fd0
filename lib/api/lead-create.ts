/**
 * What the answer of `POST /leads` (#8) says: whether the call made a new lead, and whether it put
 * the lead in the audience. The service answers "Lead created in audience X.", "Lead merged (...),
 * added to audience X." or, for a lead it merged into that already was in the audience, "Lead merged
 * (...)." (endpoints.md row 8; `emulator/routes/leads.ts` writes these). An answer without that
 * sentence (the empty body of the variants dialect) says nothing: both undefined.
 */
export function createLeadAnswer(message: string | undefined): { created?: boolean; joined?: boolean } {
  if (!message) return {};
  if (/^lead created\b/i.test(message)) return { created: true, joined: true };
  if (/^lead merged\b/i.test(message)) return { created: false, joined: /\badded to audience\b/i.test(message) };
  return {};
}
