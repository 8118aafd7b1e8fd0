import { z } from 'zod';
import { StatusCode, atLeastOneOf } from './common';

export const CrmName = z.enum(['crmA', 'crmB']);
export type CrmName = z.infer<typeof CrmName>;

export const CRM_SEARCH_KEYS = ['email', 'firstname', 'lastname', 'companyName', 'pronetUrl'] as const;

export const CrmSearchRequest = z
  .strictObject({
    email: z.email({ message: 'email must be an email address' }).optional(),
    firstname: z.string({ message: 'firstname must be a string' }).trim().min(1).optional(),
    lastname: z.string({ message: 'lastname must be a string' }).trim().min(1).optional(),
    companyName: z.string({ message: 'companyName must be a string' }).trim().min(1).optional(),
    pronetUrl: z.url({ message: 'pronetUrl must be a URL' }).optional(),
  })
  .refine(...atLeastOneOf(CRM_SEARCH_KEYS, 'a CRM search'));
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
