/**
 * "New audience…" (issue 43): `POST /audiences/create {name}`, a write made exactly once whatever
 * fails. It is a direct call (the user waits for the audience to pick it), so its own unknown outcome
 * is read back here, never resent blindly:
 *
 * - before the call the workspace's audiences are read (user priority): a name already taken is said
 *   then, and any audience of that name found afterwards can only be this press's;
 * - an answer lost (no answer, a 5xx after the service applied it, a body that could not be read) is
 *   read back by name (`GET /audiences`) once the request can no longer be applied late; found: that
 *   is the audience; not found: sent again (at most `MAX_SENDS` in all);
 * - a read-back that fails sends nothing more: the user is told it may exist (`audience-unconfirmed`);
 * - a 409 is the service saying the name is taken; after a lost answer it is that answer landing late.
 *
 * The kept audiences list (`panelData.audiences`) is dropped whatever happened: the next read is fresh.
 */
import type { Audience } from '../../api/schemas';
import type { Timers } from '../../timers';
import type { AudienceView } from '../../views';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { failureAction, RequestError } from '../error-view';
import { audienceNamed } from '../outbox-import';
import { LATE_APPLY_GRACE_MS, settledAt } from '../outbox-send';
import type { PanelData } from '../panel-data';

export interface AudienceCreateDeps {
  api: Pick<BackgroundApi, 'audiences' | 'createAudience'>;
  panelData: Pick<PanelData, 'audiences'>;
  clock: { now(): number };
  timers: Timers;
  /** The client's timeout: how long a request without an answer may still be applied. */
  timeoutMs: number;
}

/** Sends in all, the first included, while each lost answer reads back as not applied. */
export const MAX_SENDS = 3;

const user = { priority: 'user' as const };
const view = (a: Audience): AudienceView => ({ id: a.id, name: a.name, size: a.size });
const taken = () => new RequestError('bad-request', 'audience-name-taken');

export function audienceCreateHandlers(deps: AudienceCreateDeps): HandlerMap<'audience-create'> {
  const { api } = deps;
  const wait = (ms: number) => new Promise<void>((resolve) => deps.timers.setTimeout(resolve, Math.max(0, ms)));

  /** The audience of that name, read from the service; a failed read leaves the outcome unknown: nothing more is sent. */
  async function readBack(name: string): Promise<Audience | undefined> {
    try {
      return audienceNamed(await api.audiences(user), name);
    } catch {
      throw new RequestError('bad-request', 'audience-unconfirmed');
    }
  }

  async function create(name: string): Promise<AudienceView> {
    if (audienceNamed(await api.audiences(user), name)) throw taken();
    let lost = false;
    for (let sends = 1; ; sends++) {
      const sentAt = deps.clock.now();
      try {
        return view(await api.createAudience({ name }, user));
      } catch (error) {
        const action = failureAction(error);
        if (action === 'fail' || action === 'retry') {
          // 409: taken; after a lost answer, by that answer applied late (the name was free at the press).
          const conflict = action === 'fail' && (error as { status?: number }).status === 409;
          if (!conflict) throw error;
          const landed = lost ? await readBack(name) : undefined;
          if (landed) return view(landed);
          throw taken();
        }
        lost = true;
        // No answer: it may still be applied until the client's timeout after it went out.
        const settled = action === 'retry-uncertain' ? settledAt(error, sentAt, deps.timeoutMs) : null;
        if (settled !== null) await wait(settled + LATE_APPLY_GRACE_MS - deps.clock.now());
        const landed = await readBack(name);
        if (landed) return view(landed);
        if (sends >= MAX_SENDS) throw error;
      }
    }
  }

  return {
    async 'audience-create'(req) {
      try {
        return await create(req.name.trim());
      } finally {
        deps.panelData.audiences.drop();
      }
    },
  };
}
