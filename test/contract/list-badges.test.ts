// The batched resolution of list badges (lib/background/api.ts `leadsConversations`): ONE
// `GET /conversations/search?leadIds=...&limit=100` gives exactly the conversations that one
// `GET /leads/{id}/conversations` per lead gives, for every state; more than a page follows the cursor.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackgroundApi } from '../../lib/background/api';
import { clientFor, freshRateWindow, proWorkspace, resetEmulator } from './harness';

/** Leads of the Pro workspace that hold conversations, the busiest first. */
let leads: { id: string }[] = [];

beforeAll(async () => {
  await resetEmulator('demo');
  const count = new Map<string, number>();
  for await (const c of clientFor(proWorkspace()).conversations.searchAll({ limit: 100 })) count.set(c.leadId, (count.get(c.leadId) ?? 0) + 1);
  leads = [...count].sort((a, b) => b[1] - a[1]).map(([id]) => ({ id }));
});

beforeEach(async () => {
  await freshRateWindow();
});

const sorted = (ids: string[]) => [...ids].sort();

describe('list badges: one conversation search per batch', () => {
  it('returns the conversations of every lead of the batch, the same as lead by lead, in one call', async () => {
    const api = createBackgroundApi(clientFor(proWorkspace()).call);
    const batch = leads.slice(0, 12).map((l) => l.id);
    const batched = await api.leadsConversations(batch, { priority: 'list' });
    const oneByOne = (await Promise.all(batch.map((id) => api.leadConversations(id, { priority: 'list' })))).flat();
    expect(sorted(batched.map((c) => c.id))).toEqual(sorted(oneByOne.map((c) => c.id)));
    expect(new Set(batched.map((c) => c.status)).size).toBeGreaterThan(1);
    expect(batched.every((c) => batch.includes(c.leadId))).toBe(true);
  });

  it('follows the cursor when a batch holds more than 100 conversations', async () => {
    const api = createBackgroundApi(clientFor(proWorkspace()).call);
    const batch = leads.slice(0, 100).map((l) => l.id);
    const batched = await api.leadsConversations(batch, { priority: 'list' });
    expect(batched.length).toBeGreaterThan(100);
    expect(new Set(batched.map((c) => c.id)).size).toBe(batched.length);
  });
});
