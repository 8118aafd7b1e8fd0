// Issue 43: what the product's import of a whole search relies on, against the emulator: ONE POST
// /audiences through the background's API, the audience's size followed by its detail, and the
// read-back's rule (outbox-import.ts) on the service's own audiences before any resend.
import { beforeEach, describe, expect, it } from 'vitest';
import { createBackgroundApi } from '../../lib/background/api';
import { importLanded } from '../../lib/background/outbox-import';
import { listAddress } from '../../lib/pronet/search-address';
import type { ImportAction } from '../../lib/store/db';
import { advanceClock, clientFor, freshRateWindow, proWorkspace, resetEmulator } from './harness';

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const LIST = { priority: 'list' as const };
const USER = { priority: 'user' as const };

describe('importing a whole search', () => {
  it('one call imports it; the detail follows its size; a read-back finds it by name and source', async () => {
    const api = createBackgroundApi(clientFor(proWorkspace()).call);
    const [identity] = await api.identities(USER);
    const pronetUrl = listAddress('https://www.pronet.example/search/results/people/?keywords=engineer&page=3');
    const record: ImportAction = { kind: 'import-audience', importId: 'i1', audience: 'Engineers', pronetUrl, identityId: identity?.id ?? '' };
    // Before: nothing to find, so an unknown outcome would be sent.
    expect(importLanded(await api.audiences(LIST), record)).toBeNull();
    await api.importAudience({ audience: record.audience, pronetUrl, identityId: record.identityId, excludeContactedLeads: false, autoImport: true }, USER);
    const audienceId = importLanded(await api.audiences(LIST), record);
    expect(audienceId).toEqual(expect.any(String));
    const sizes = [(await api.audience(audienceId ?? '', LIST)).size];
    await advanceClock(5_000);
    sizes.push((await api.audience(audienceId ?? '', LIST)).size);
    await advanceClock(5_000 * 100);
    sizes.push((await api.audience(audienceId ?? '', LIST)).size);
    expect(sizes[0]).toBe(0);
    expect(sizes[1]).toBeGreaterThan(0);
    expect(sizes[2]).toBeGreaterThanOrEqual(sizes[1] ?? 0);
    expect((await api.audience(audienceId ?? '', LIST)).autoImport).toBe(true);
  });

  it('into an existing audience: the service keeps its source, so only growth can say it landed', async () => {
    const api = createBackgroundApi(clientFor(proWorkspace()).call);
    const [identity] = await api.identities(USER);
    const [existing] = await api.audiences(LIST);
    const pronetUrl = listAddress('https://www.pronet.example/search/results/people/?keywords=engineer');
    const record: ImportAction = { kind: 'import-audience', importId: 'i2', audience: existing?.name ?? '', pronetUrl, identityId: identity?.id ?? '', audienceId: existing?.id ?? '', sizeBefore: existing?.size ?? 0 };
    await api.importAudience({ audience: record.audience, pronetUrl, identityId: record.identityId, excludeContactedLeads: false }, USER);
    // Taken, nothing imported yet: nothing can tell, and the import is not sent again on a guess.
    expect(() => importLanded([...(existing ? [existing] : [])].map((a) => ({ ...a })), record)).toThrow(/import-unconfirmed/);
    await advanceClock(5_000 * 100);
    const after = await api.audiences(LIST);
    expect(after.find((a) => a.id === existing?.id)?.sourceUrl).toBe(existing?.sourceUrl);
    // Grown: it landed.
    expect(importLanded(after, record)).toBe(existing?.id);
  });
});
