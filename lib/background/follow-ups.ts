/**
 * The follow-up snoozes the product set (issue 41): remembered in `meta` when a reply's follow-up is
 * queued, and checked against every conversation the worker learns of (a resolution, a relay event,
 * a panel's read, a mutation's answer: `watchFollowUps` wraps the cache all of them write). When the
 * lead answered while our snooze holds the conversation, the snooze is taken back once, through the
 * outbox; a snooze the user set by hand is left as it is (`followUpVerdict`, lib/inbox/follow-up.ts).
 */
import type { ConversationSummary } from '../api/schemas';
import { followUpVerdict, type FollowUpMark } from '../inbox/follow-up';
import type { OutboxAction } from '../store/db';
import type { ProfileCache } from '../store/cache';
import type { MetaStore } from '../store/meta';

const META_KEY = 'followUps';

export interface FollowUps {
  remember(mark: FollowUpMark): Promise<void>;
  /** Whether a conversation may have a follow-up (true until the marks are read): the rest needs no look. */
  watching(conversationId: string): boolean;
  /** Conversations as the worker now knows them: takes back the follow-ups whose lead answered. Never rejects. */
  seen(conversations: readonly ConversationSummary[]): Promise<void>;
}

export function createFollowUps(deps: { meta: MetaStore; clock: { now(): number }; enqueue(action: OutboxAction): Promise<unknown> }): FollowUps {
  let marks: Record<string, FollowUpMark> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  /** One change at a time: a mark is read, judged and written before the next look. */
  const serial = <T,>(step: () => Promise<T>): Promise<T> => {
    const next = chain.then(step, step);
    chain = next.catch(() => undefined);
    return next;
  };
  const load = async () => (marks ??= (await deps.meta.get<Record<string, FollowUpMark>>(META_KEY)) ?? {});

  return {
    remember: (mark) =>
      serial(async () => {
        const all = await load();
        all[mark.conversationId] = mark;
        await deps.meta.set(META_KEY, all);
      }),
    watching: (conversationId) => marks === null || marks[conversationId] !== undefined,
    async seen(conversations) {
      // Most reads concern no follow-up: nothing is waited for then.
      if (marks !== null && !conversations.some((c) => marks![c.id])) return;
      await serial(async () => {
        const all = await load();
        let changed = false;
        for (const c of conversations) {
          const mark = all[c.id];
          if (!mark) continue;
          const verdict = followUpVerdict(mark, c, deps.clock.now());
          if (verdict === 'keep') continue;
          delete all[c.id];
          changed = true;
          if (verdict === 'unsnooze') await deps.enqueue({ kind: 'unsnooze', conversationId: mark.conversationId, leadId: mark.leadId, profileUrl: mark.profileUrl });
        }
        if (changed) await deps.meta.set(META_KEY, all);
      }).catch((error: unknown) => console.warn('follow-up check failed', error));
    },
  };
}

/** The cache, telling the follow-ups of every conversation written to it (after it is written). */
export function watchFollowUps(cache: ProfileCache, followUps: () => Pick<FollowUps, 'watching' | 'seen'>): ProfileCache {
  return {
    ...cache,
    async put(entry) {
      const written = cache.put(entry);
      if (entry.conversations.length > 0) void followUps().seen(entry.conversations);
      return written;
    },
    async patchConversation(leadId, conversationId, patch) {
      const touched = await cache.patchConversation(leadId, conversationId, patch);
      // A relay event or a mutation's answer: the whole conversation is read back only when a follow-up may concern it.
      if (followUps().watching(conversationId)) {
        const now = (await cache.byLead(leadId)).flatMap((e) => e.conversations).find((c) => c.id === conversationId);
        if (now) void followUps().seen([now]);
      }
      return touched;
    },
  };
}
