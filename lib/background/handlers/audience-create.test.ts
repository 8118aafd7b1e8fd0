import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { fakeService, manualClock } from '../../../test/unit/background/fakes';
import type { RequestContext } from '../dispatch';
import { audienceCreateHandlers } from './audience-create';

const ctx = {} as RequestContext;
const TIMEOUT_MS = 15_000;

function setup() {
  const clock = manualClock();
  const service = fakeService(clock.now);
  service.audiences.push({ id: 'aud_0', name: 'Founders', description: '', size: 74, type: 'MANUAL', sourceUrl: null });
  const drop = vi.fn();
  const api = { audiences: service.api.audiences, createAudience: vi.fn(service.api.createAudience) };
  const handlers = audienceCreateHandlers({ api, panelData: { audiences: { drop } as never }, clock, timers: clock, timeoutMs: TIMEOUT_MS });
  const create = (name: string) => handlers['audience-create']({ type: 'audience-create', name }, ctx);
  const named = (name: string) => service.audiences.filter((a) => a.name === name);
  return { clock, service, api, drop, create, named };
}

/** The reason of the error a press was refused with. */
const reasonOf = (p: Promise<unknown>) => p.then(() => 'resolved', (e: { reason?: string }) => e.reason ?? String(e));

describe('audience-create: POST /audiences/create once whatever fails', () => {
  it('makes the audience, answers it (size 0), and drops the kept list', async () => {
    const { create, named, drop } = setup();
    await expect(create('  Event leads ')).resolves.toMatchObject({ name: 'Event leads', size: 0 });
    expect(named('Event leads')).toHaveLength(1);
    expect(drop).toHaveBeenCalled();
  });

  it('says a name already taken before any call (names compare case aside)', async () => {
    const { create, api } = setup();
    expect(await reasonOf(create('founders'))).toBe('audience-name-taken');
    expect(api.createAudience).not.toHaveBeenCalled();
  });

  it('a 502 after the service applied it: read back by name, not sent again', async () => {
    const { create, api, named, service } = setup();
    api.createAudience.mockImplementationOnce(async (input, opts) => {
      await service.api.createAudience(input, opts);
      throw new ApiError('createAudience', 502, 'Bad gateway');
    });
    await expect(create('Event leads')).resolves.toMatchObject({ name: 'Event leads' });
    expect(api.createAudience).toHaveBeenCalledTimes(1);
    expect(named('Event leads')).toHaveLength(1);
  });

  it('no answer: read back only once it can no longer land late, then found', async () => {
    const { create, api, named, service, clock } = setup();
    service.fail('createAudience', 'timeout-after-apply');
    const pressed = create('Event leads');
    await clock.advance(TIMEOUT_MS - 1);
    expect(service.calls.filter((c) => c.startsWith('audiences'))).toHaveLength(1);
    await clock.advance(2_000);
    await expect(pressed).resolves.toMatchObject({ name: 'Event leads' });
    expect(api.createAudience).toHaveBeenCalledTimes(1);
    expect(named('Event leads')).toHaveLength(1);
  });

  it('a 5xx that did not apply: the read-back finds nothing, and it is sent again once', async () => {
    const { create, api, named, service } = setup();
    service.fail('createAudience', 'server');
    await expect(create('Event leads')).resolves.toMatchObject({ name: 'Event leads' });
    expect(api.createAudience).toHaveBeenCalledTimes(2);
    expect(named('Event leads')).toHaveLength(1);
  });

  it('a lost answer that lands after the read-back: the resend’s 409 is that landing, read back', async () => {
    const { api, service } = setup();
    api.createAudience.mockImplementationOnce(async () => {
      throw new ApiError('createAudience', 503, 'Unavailable');
    });
    // The read-back after the 503 sees nothing; the first request lands just after it.
    let reads = 0;
    const audiences = service.api.audiences;
    const land = vi.fn(async (opts: Parameters<typeof audiences>[0]) => {
      const list = await audiences(opts);
      reads += 1;
      if (reads === 2) service.audiences.push({ id: 'aud_late', name: 'Event leads', description: '', size: 0, type: 'MANUAL', sourceUrl: null });
      return list;
    });
    const handlers = audienceCreateHandlers({ api: { audiences: land, createAudience: api.createAudience }, panelData: { audiences: { drop: vi.fn() } as never }, clock: manualClock(), timers: manualClock(), timeoutMs: TIMEOUT_MS });
    await expect(handlers['audience-create']({ type: 'audience-create', name: 'Event leads' }, ctx)).resolves.toMatchObject({ id: 'aud_late' });
    expect(service.audiences.filter((a) => a.name === 'Event leads')).toHaveLength(1);
  });

  it('a lost answer whose read-back fails: nothing more is sent, and the user is told it may exist', async () => {
    const { api, service } = setup();
    api.createAudience.mockImplementationOnce(async (input, opts) => {
      await service.api.createAudience(input, opts);
      throw new ApiError('createAudience', 502, 'Bad gateway');
    });
    // The read before the press works; the read-back does not.
    service.fail('audiences', 'server', 'server', 'server', 'server', 'server', 'server');
    const audiences = vi.spyOn(service.api, 'audiences');
    audiences.mockImplementationOnce(async () => [...service.audiences]);
    const handlers = audienceCreateHandlers({ api: { audiences: service.api.audiences, createAudience: api.createAudience }, panelData: { audiences: { drop: vi.fn() } as never }, clock: manualClock(), timers: manualClock(), timeoutMs: TIMEOUT_MS });
    expect(await reasonOf(handlers['audience-create']({ type: 'audience-create', name: 'Event leads' }, ctx))).toBe('audience-unconfirmed');
    expect(api.createAudience).toHaveBeenCalledTimes(1);
  });

  it('the service’s 409 (taken since the list was read) is said as the name taken', async () => {
    const { create, api } = setup();
    api.createAudience.mockImplementationOnce(async () => {
      throw new ApiError('createAudience', 409, 'An audience named Event leads already exists.');
    });
    expect(await reasonOf(create('Event leads'))).toBe('audience-name-taken');
    expect(api.createAudience).toHaveBeenCalledTimes(1);
  });
});
