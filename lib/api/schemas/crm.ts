import { z } from 'zod/mini';
import { StatusCode, atLeastOneOf } from './common';

export const CrmName = z.enum(['crmA', 'crmB']);
export type CrmName = z.infer<typeof CrmName>;

export const CRM_SEARCH_KEYS = ['email', 'proEmail', 'persoEmail', 'firstname', 'lastname', 'companyName', 'pronetUrl'] as const;

export const CrmSearchRequest = z
  .strictObject({
    email: z.optional(z.email({ message: 'email must be an email address' })),
    /** The workflow node names the address's kind; a CRM record has one address, matched by either. */
    proEmail: z.optional(z.email({ message: 'proEmail must be an email address' })),
    persoEmail: z.optional(z.email({ message: 'persoEmail must be an email address' })),
    firstname: z.optional(z.string({ message: 'firstname must be a string' }).check(z.trim(), z.minLength(1))),
    lastname: z.optional(z.string({ message: 'lastname must be a string' }).check(z.trim(), z.minLength(1))),
    companyName: z.optional(z.string({ message: 'companyName must be a string' }).check(z.trim(), z.minLength(1))),
    pronetUrl: z.optional(z.url({ message: 'pronetUrl must be a URL' })),
  })
  .check(z.refine(...atLeastOneOf(CRM_SEARCH_KEYS, 'a CRM search')));
export type CrmSearchRequest = z.infer<typeof CrmSearchRequest>;

export const CrmSearchResult = z.object({
  crm: CrmName,
  id: z.string(),
  url: z.string(),
  name: z.string(),
});
export type CrmSearchResult = z.infer<typeof CrmSearchResult>;

export const CrmSearchResponse = z.object({ statusCode: StatusCode, results: z.array(CrmSearchResult) });
export type CrmSearchResponse = z.infer<typeof CrmSearchResponse>;

export const CrmConnection = z.object({ connected: z.boolean() });
export const CrmIntegrationsResponse = z.object({
  statusCode: StatusCode,
  crmA: CrmConnection,
  crmB: CrmConnection,
  planIncludesCrmSync: z.boolean(),
});
export type CrmIntegrationsResponse = z.infer<typeof CrmIntegrationsResponse>;
