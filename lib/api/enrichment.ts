/**
 * The enrichments the service offers and what each costs (endpoints.md #14, #15). Zod-free: the
 * pages name the types without loading the wire schemas.
 */
export const ENRICH_TYPES = ['EMAIL_ENRICH', 'PRONET_ENRICH', 'FULL_ENRICH'] as const;
export type EnrichType = (typeof ENRICH_TYPES)[number];

/** Credits spent by one enrichment of each type (endpoints.md #14). */
export const ENRICH_CREDIT_COST: Readonly<Record<EnrichType, number>> = {
  EMAIL_ENRICH: 5,
  PRONET_ENRICH: 1,
  FULL_ENRICH: 5,
};

/** The lead's contact fields an enrichment may fill, in the order the panel shows them. */
export const CONTACT_FIELDS = ['proEmail', 'persoEmail', 'phone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
