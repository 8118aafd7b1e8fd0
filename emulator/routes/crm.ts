/**
 * CRM (#38 search, #39 integrations). Search looks in the records of the connected CRMs; every
 * criterion given must match (email and names case-insensitively, pronetUrl canonicalised).
 */
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import type { RegisterEndpoint } from '../http/endpoint';
import type { CrmRecord } from '../model';

const same = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

export function registerCrmRoutes(endpoint: RegisterEndpoint): void {
  endpoint('searchCrm', ({ ws, body }) => {
    const url = body.pronetUrl !== undefined ? (canonicalProfileUrl(body.pronetUrl) ?? body.pronetUrl) : undefined;
    const connected = (r: CrmRecord) => ws.data.crm[r.crm].connected;
    const results = ws.data.crm.records
      .filter(connected)
      .filter(
        (r) =>
          [body.email, body.proEmail, body.persoEmail].every((e) => e === undefined || same(r.email, e)) &&
          (body.firstname === undefined || same(r.firstname, body.firstname)) &&
          (body.lastname === undefined || same(r.lastname, body.lastname)) &&
          (body.companyName === undefined || same(r.companyName, body.companyName)) &&
          (url === undefined || r.pronetUrl === url),
      )
      .map((r) => ({ crm: r.crm, id: r.id, url: r.url, name: r.name }));
    return { results };
  });

  endpoint('listCrmIntegrations', ({ ws }) => ({
    crmA: { connected: ws.data.crm.crmA.connected },
    crmB: { connected: ws.data.crm.crmB.connected },
    planIncludesCrmSync: ws.data.crmSync,
  }));
}
