/**
 * Where the lead stands in a campaign (issue 44): the campaign's status (`GET /campaigns/{id}`) and
 * the lead's own item of `GET /campaigns/{id}/statsleads`, which pages a campaign's leads 25 at a
 * time with no filter. One index per campaign (`findLeadItem`), kept per key in IndexedDB and shared
 * by every lead of the campaign: a view reads on from where the last one stopped, at list priority,
 * at most `STANDING_MAX_PAGES` pages, one campaign's reading at a time.
 */
import type { LeadStatsItem } from '../../api/schemas';
import { findLeadItem, STANDING_FRESH_MS, STANDING_MAX_PAGES, type CampaignLeadIndex } from '../../inbox/campaign-lead-index';
import type { MetaStore } from '../../store/meta';
import { LEAD_TODOS, type CampaignStandingView, type LeadStandingView, type LeadTodo } from '../../views';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { createKeyBook, type KeyBook } from '../key-book';

export interface CampaignStandingDeps {
  api: Pick<BackgroundApi, 'campaign' | 'campaignStatsLeads'>;
  meta: Pick<MetaStore, 'get' | 'set'>;
  clock: { now(): number };
  key(): string | null;
}

type Standing = LeadStandingView & { id: string };

interface CampaignBook {
  campaign?: { at: number; id: string; name: string; status: string };
  index?: CampaignLeadIndex<Standing>;
}

const isBook = (b: unknown): b is CampaignBook => typeof b === 'object' && b !== null;

/** A date the service sends as epoch ms or as text; null when it is neither. */
function dateOf(value: number | string | null): number | null {
  if (value === null) return null;
  const at = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(at) ? at : null;
}

const isTodo = (s: string): s is LeadTodo => (LEAD_TODOS as readonly string[]).includes(s);

/** The item as the panel words it: only what a salesperson acts on, nothing of the lead's profile. */
export function standingOf(item: LeadStatsItem, readAt: number): Standing {
  return {
    id: item.id,
    todo: item.action_todo.split(',').map((s) => s.trim().toUpperCase()).filter(isTodo),
    email: { sent: item.email_sent, opened: item.email_opened, clicked: item.email_clicked, replied: item.email_replied },
    pronet: { visits: item.pronet_visit, messages: item.pronet_dm_sent, voice: item.pronet_audio_sent, replied: item.pronet_replied },
    tag: item.tag,
    outOfOfficeUntil: dateOf(item.outOfOfficeReturnDate),
    readAt,
  };
}

const viewOf = ({ todo, email, pronet, tag, outOfOfficeUntil, readAt }: Standing): LeadStandingView => ({ todo, email, pronet, tag, outOfOfficeUntil, readAt });

export function campaignStandingHandlers(deps: CampaignStandingDeps): HandlerMap<'campaign-standing'> {
  const books = new Map<string, KeyBook<CampaignBook>>();
  const bookOf = (campaignId: string) => {
    let b = books.get(campaignId);
    if (!b) {
      b = createKeyBook<CampaignBook>({ meta: deps.meta, name: `standing:${campaignId}`, key: deps.key, empty: () => ({}), valid: isBook });
      books.set(campaignId, b);
    }
    return b;
  };
  /** One reading per campaign at a time: the second lead reads on from the first one's pages. */
  const turns = new Map<string, Promise<unknown>>();
  function inTurn<T>(campaignId: string, work: () => Promise<T>): Promise<T> {
    const run = (turns.get(campaignId) ?? Promise.resolve()).then(work, work);
    turns.set(campaignId, run.catch(() => undefined));
    return run;
  }

  return {
    'campaign-standing'(req): Promise<CampaignStandingView> {
      return inTurn(req.campaignId, async () => {
        const book = bookOf(req.campaignId);
        const kept = await book.read();
        // Pressed by the user ("Read further"): above the list's work, still under the screen's.
        const priority = req.further ? ('background' as const) : ('list' as const);
        let campaign = kept?.campaign;
        if (!campaign || deps.clock.now() - campaign.at >= STANDING_FRESH_MS) {
          const c = await deps.api.campaign(req.campaignId, { priority });
          campaign = { at: deps.clock.now(), id: c.id, name: c.name, status: c.status };
        }
        const found = await findLeadItem<Standing>(
          kept?.index ?? null,
          req.leadId,
          async (after) => {
            const page = await deps.api.campaignStatsLeads(req.campaignId, after, { priority });
            const at = deps.clock.now();
            return { leads: page.leads.map((item) => standingOf(item, at)), hasMore: page.hasMore, count: page.count };
          },
          deps.clock.now(),
          STANDING_FRESH_MS,
          STANDING_MAX_PAGES,
        );
        const fresh = campaign;
        if (found.index !== kept?.index || fresh !== kept.campaign)
          await book.update((b) => {
            b.campaign = fresh;
            b.index = found.index;
          });
        return {
          campaign: { id: fresh.id, name: fresh.name, status: fresh.status },
          item: found.item ? viewOf(found.item) : null,
          complete: found.index.complete,
          leadsRead: found.index.read,
          leadsTotal: found.index.total,
        };
      });
    },
  };
}
