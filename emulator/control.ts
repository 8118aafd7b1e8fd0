/**
 * The control API for tests and demos (design.md), under `/_emulator/`, no key, loopback only:
 * reset, clock, faults, inbound messages, a whole conversation, the call history, a workspace's
 * enrichments.
 */
import { z } from 'zod';
import type { EmulatorCore } from './core';
import { notFound } from './domain-error';
import type { App } from './http/env';
import { errorBody } from './http/errors';
import { validBody, validated } from './http/validate';
import { FaultsBody } from './rules/faults';
import { DialectBody } from './http/dialect';
import { newId } from './store';
import { CROWD_MAX, crowdPeople } from './seed/list-people';
import { buildIndex } from './site/pronet-pages';
import { toConversationSummary, toLead, toMessage } from './wire';

const ResetBody = z.strictObject({
  seed: z.enum(['demo', 'empty']).default('demo'),
  leads: z.number().int().min(0).max(1_000_000).optional(),
  /** The clock's instant the new world is built at (the screenshots' fixed clock); default: real time. */
  now: z.number().int().min(0).optional(),
});

const ClockBody = z.union([
  z.strictObject({ advanceMs: z.number().int().min(0) }),
  z.strictObject({ now: z.number().int().min(0) }),
]);

const InboundBody = z.strictObject({
  conversationId: z.string().min(1),
  content: z.string().min(1),
  /** Defaults to the conversation's channel (PRONET when it has none yet). */
  channel: z.enum(['PRONET', 'EMAIL']).optional(),
  subject: z.string().optional(),
});

/** More people on the look-alike site, all at one company: a search for its name lists exactly them. */
const PeopleBody = z.strictObject({
  company: z.string().trim().min(3).max(100),
  count: z.number().int().min(1).max(CROWD_MAX),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function registerControlRoutes(app: App, core: EmulatorCore): void {
  app.use('/_emulator/*', async (c, next) => {
    const remote = c.env?.incoming?.socket?.remoteAddress;
    if (remote !== undefined && !LOOPBACK.has(remote)) {
      return c.json(errorBody(403, 'The control API answers loopback callers only.'), 403);
    }
    await next();
    return undefined;
  });

  app.post('/_emulator/reset', validBody(ResetBody), (c) => {
    const { seed, leads, now } = validated(c, 'json', ResetBody);
    return c.json({ workspaces: core.reset(seed, leads, now) });
  });

  app.get('/_emulator/clock', (c) => c.json({ now: core.now() }));
  app.post('/_emulator/clock', validBody(ClockBody), (c) => {
    const b = validated(c, 'json', ClockBody);
    const now = 'advanceMs' in b ? core.clock.advance(b.advanceMs) : core.clock.set(b.now);
    core.changed();
    return c.json({ now });
  });

  app.post('/_emulator/people', validBody(PeopleBody), (c) => {
    const { company, count } = validated(c, 'json', PeopleBody);
    const profiles = core.store.world.profiles;
    const added = crowdPeople(company, count, new Set(profiles.map((p) => p.slug)));
    profiles.push(...added);
    core.changed();
    // In the search's order (its pages and the service's import walk them so).
    const mine = new Set(added);
    const ordered = buildIndex(profiles).listed.filter((p) => mine.has(p));
    return c.json({ people: ordered.map((p) => ({ slug: p.slug, firstname: p.firstname, lastname: p.lastname, headline: p.headline, companyName: p.companyName })) });
  });

  app.get('/_emulator/dialect', (c) => c.json({ dialect: core.dialect }));
  app.post('/_emulator/dialect', validBody(DialectBody), (c) => {
    core.dialect = validated(c, 'json', DialectBody).dialect;
    return c.json({ dialect: core.dialect });
  });

  app.get('/_emulator/faults', (c) => c.json({ faults: core.faults }));
  app.post('/_emulator/faults', validBody(FaultsBody), (c) => {
    core.faults = validated(c, 'json', FaultsBody);
    return c.json({ faults: core.faults });
  });

  app.post('/_emulator/inbound', validBody(InboundBody), (c) => {
    const b = validated(c, 'json', InboundBody);
    const found = core.store.findConversation(b.conversationId);
    if (!found) throw notFound(`No conversation ${b.conversationId}.`);
    const { ws, conversation } = found;
    core.wake(ws);
    const channel = b.channel ?? (conversation.lastMessageType === 'EMAIL' ? 'EMAIL' : 'PRONET');
    const now = core.now();
    const message = core.addMessage(ws, conversation, {
      id: newId('msg'),
      direction: 'RECEIVED',
      channel,
      status: 'RECEIVED',
      subject: channel === 'EMAIL' ? (b.subject ?? 'Re: our conversation') : null,
      content: b.content,
      createdAt: now,
      memberId: null,
      attachments: [],
    });
    ws.addLog({
      id: newId('log'),
      leadId: conversation.leadId,
      identityId: conversation.identityId,
      campaignId: conversation.campaignId,
      type: channel === 'EMAIL' ? 'EMAIL_RECEIVED' : 'PRONET_MESSAGE_RECEIVED',
      description: channel === 'EMAIL' ? 'Email received' : 'Pronet message received',
      createdAt: now,
    });
    return c.json({ message: toMessage(message), conversation: toConversationSummary(ws, conversation) });
  });

  app.get('/_emulator/conversations/:id', (c) => {
    const found = core.store.findConversation(c.req.param('id'));
    if (!found) throw notFound(`No conversation ${c.req.param('id')}.`);
    const { ws, conversation } = found;
    core.wake(ws);
    const lead = ws.leads.get(conversation.leadId);
    return c.json({
      workspaceId: ws.id,
      conversation: toConversationSummary(ws, conversation),
      lead: lead ? toLead(lead) : null,
      /** Oldest first. */
      messages: ws.messagesOf(conversation.id).map(toMessage),
    });
  });

  // Diagnostics beside design.md's list: the outcome of each webhook delivery attempt, oldest first.
  app.get('/_emulator/deliveries', (c) => c.json({ deliveries: core.webhooks.recentOutcomes() }));

  // Diagnostics: every enrichment a workspace was charged for, oldest first, with the profile of its
  // lead. The public API cannot list them (only one by the id its answer carried), and an answer lost
  // is exactly what the exactly-once tests need to see through.
  app.get('/_emulator/enrichments', (c) => {
    const id = c.req.query('workspace') ?? '';
    const ws = core.store.workspaceById(id);
    if (!ws) throw notFound(`No workspace ${id}.`);
    const enrichments = [...ws.enrichRequests.values()].map((e) => ({
      id: e.id,
      enrichType: e.enrichType,
      leadId: e.leadId,
      pronetUrl: e.leadId ? (ws.leads.get(e.leadId)?.pronetUrl ?? null) : null,
      creditsSpent: e.creditsSpent,
      createdAt: e.createdAt,
    }));
    return c.json({ enrichments });
  });

  app.get('/_emulator/calls', (c) => {
    const failed = c.req.query('failed') === 'true';
    const workspaceId = c.req.query('workspace');
    return c.json({ calls: core.calls.list({ failed, ...(workspaceId ? { workspaceId } : {}) }) });
  });
}
