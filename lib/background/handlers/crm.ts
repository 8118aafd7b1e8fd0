/**
 * The person's records in the team's CRMs (issue 44, endpoints #38-39). Which CRMs are connected is
 * asked once per key and kept (again after a day: a CRM gets connected now and then); with none, the
 * panel shows nothing and no search is made. A person is searched by the profile's address, then the
 * lead's email, then its name and company (`lookUpCrm`), at list priority: an extra beside the lead,
 * shed first when the team's key pushes back (a search the user pressed is theirs); what was found is
 * kept a while, so reopening the panel costs nothing.
 */
import { lookUpCrm, type CrmLookup, type Person } from '../../api/crm-lookup';
import { CrmName } from '../../api/schemas/crm';
import type { Lead } from '../../api/schemas';
import type { ProfileCache } from '../../store/cache';
import type { MetaStore } from '../../store/meta';
import { webAddress, type CrmRecordView, type CrmRecordsView } from '../../views';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { createKeyBook } from '../key-book';
import type { TabRegistry } from '../tab-registry';

export interface CrmHandlerDeps {
  api: Pick<BackgroundApi, 'crmIntegrations' | 'crmSearch'>;
  tabs: Pick<TabRegistry, 'known'>;
  cache: Pick<ProfileCache, 'byLead'>;
  meta: Pick<MetaStore, 'get' | 'set'>;
  clock: { now(): number };
  key(): string | null;
}

/** Connections change rarely; a day old, they are asked again when next needed. */
export const CRM_CONNECTED_FRESH_MS = 24 * 60 * 60_000;
/** A person's records, kept while the user comes back to the profile. */
export const CRM_RECORDS_FRESH_MS = 15 * 60_000;
/** People kept (the oldest go first). */
const PEOPLE_KEPT = 200;

interface CrmBook {
  connected?: { at: number; crms: CrmName[] };
  people: Record<string, CrmRecordsView>;
}

const isBook = (b: unknown): b is CrmBook => typeof b === 'object' && b !== null && typeof (b as CrmBook).people === 'object';

function leadOf(entries: readonly { lead: Lead | null; candidates?: { lead: Lead }[] }[], leadId: string): Lead | null {
  for (const e of entries) {
    if (e.lead?.id === leadId) return e.lead;
    const c = e.candidates?.find((x) => x.lead.id === leadId);
    if (c) return c.lead;
  }
  return null;
}

export function crmRecordsView(connected: CrmName[], found: CrmLookup, readAt: number): CrmRecordsView {
  const records: CrmRecordView[] = found.records.flatMap((r) => {
    const url = webAddress(r.url);
    return connected.includes(r.crm) ? [{ crm: r.crm, name: r.name, url }] : [];
  });
  return { connected, records, matchedBy: records.length > 0 ? found.matchedBy : null, tried: found.tried, readAt };
}

export function crmHandlers(deps: CrmHandlerDeps): HandlerMap<'crm-records'> {
  const book = createKeyBook<CrmBook>({ meta: deps.meta, name: 'crm', key: deps.key, empty: () => ({ people: {} }), valid: isBook });

  async function connectedCrms(): Promise<CrmName[]> {
    const kept = (await book.read())?.connected;
    if (kept && deps.clock.now() - kept.at < CRM_CONNECTED_FRESH_MS) return kept.crms;
    return book.once('connected', async () => {
      const res = await deps.api.crmIntegrations({ priority: 'list' });
      const crms = CrmName.options.filter((c) => res[c].connected);
      await book.update((b) => {
        b.connected = { at: deps.clock.now(), crms };
      });
      return crms;
    });
  }

  return {
    async 'crm-records'(req): Promise<CrmRecordsView> {
      const connected = await connectedCrms();
      if (connected.length === 0) return { connected, records: [], matchedBy: null, tried: [], readAt: deps.clock.now() };
      const tab = await deps.tabs.known(req.tabId);
      const lead = req.leadId ? leadOf(await deps.cache.byLead(req.leadId), req.leadId) : null;
      // A pressed name search asks by name alone; else the most exact ways first.
      const person: Person = req.byName
        ? req.byName
        : {
            pronetUrl: lead?.pronetUrl ?? tab.profileUrl,
            email: lead?.proEmail ?? lead?.persoEmail ?? null,
            firstname: lead?.firstname ?? null,
            lastname: lead?.lastname ?? null,
            companyName: lead?.companyName ?? null,
          };
      const who = req.byName ? `name:${req.byName.firstname} ${req.byName.lastname} ${req.byName.companyName}`.toLowerCase() : `${lead?.id ?? ''} ${person.pronetUrl ?? ''}`;
      const kept = (await book.read())?.people[who];
      if (kept && kept.connected.join() === connected.join() && deps.clock.now() - kept.readAt < CRM_RECORDS_FRESH_MS) return kept;
      return book.once(`person:${who}`, async () => {
        const priority = req.byName ? ('user' as const) : ('list' as const);
        const found = await lookUpCrm(person, (query) => deps.api.crmSearch(query, { priority }));
        const view = crmRecordsView(connected, found, deps.clock.now());
        await book.update((b) => {
          b.people[who] = view;
          const names = Object.keys(b.people);
          for (const name of names.slice(0, Math.max(0, names.length - PEOPLE_KEPT))) delete b.people[name];
        });
        return view;
      });
    },
  };
}
