/**
 * Follows the replies a composer sent until they leave the outbox: one that leaves (not taken back
 * by Undo, Edit or Discard) was sent. The worker pushes the outbox whenever it changes (the panel's
 * state, the queue's outbox port); each push, and the send's own answer, is also checked against the
 * worker's list at once (its answer follows the enqueue for sure; a push may be older than the send).
 * The slow timer only covers a push that never comes (the panel's state unchanged by the send).
 *
 * Sent is read in the render that gets the push, not set by an effect after it: Preact runs effects
 * after the next frame (up to 100 ms when frames are throttled), and a state set there costs one more
 * render; on the bench that was a third of the time from Send to Sent.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { OutboxItemView } from '../../lib/views';

/**
 * The outbox is asked again when no push came (a push triggers the check at once): soon, then less
 * often. A reply sent between two pushes of the panel's state leaves it unchanged, so no push says it
 * went (issue 42: the one slow Sent of a run waited for a fixed 2 s check). These are messages to the
 * worker, not calls to the service.
 */
const FALLBACK_CHECKS_MS = [100, 200, 400, 800, 1_600] as const;
const FALLBACK_CHECK_MAX_MS = 2_000;

export interface SentFollow {
  /** The outbox items known: pushed, else as the worker last listed them. */
  all: readonly OutboxItemView[];
  /** One of the replies followed left the outbox since the last `quiet`. */
  sent: boolean;
  /** Follows a reply just queued (`item` also joins the list when nothing is pushed). */
  follow(item: OutboxItemView): void;
  /** The reply is being taken back: its leaving is no send. */
  withdraw(id: string): void;
  /** The taking back failed: it is followed again. */
  keep(id: string): void;
  /** It was taken back: no longer followed. */
  drop(id: string): void;
  /** Sent is no longer said (the user types again). */
  quiet(): void;
}

export function useSentFollow(messenger: Messenger, items: readonly OutboxItemView[] | undefined): SentFollow {
  const [mine, setMine] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const [polled, setPolled] = useState<OutboxItemView[]>([]);
  const withdrawn = useRef(new Set<string>());
  const seen = useRef(new Set<string>());

  const settle = (gone: readonly string[]) => {
    setMine((m) => m.filter((id) => !gone.includes(id)));
    setSent(true);
  };

  // What the pushed items say, read now: one of ours seen there and gone since (not taken back).
  if (items) for (const i of items) if (mine.includes(i.id)) seen.current.add(i.id);
  const goneNow = items ? mine.filter((id) => seen.current.has(id) && !withdrawn.current.has(id) && !items.some((i) => i.id === id)) : [];

  const check = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (mine.length === 0) {
      check.current = () => undefined;
      return;
    }
    let live = true;
    const poll = () =>
      void messenger.send('outbox-list', {}).then((r) => {
        if (!live || !r.ok) return;
        setPolled(r.value);
        const gone = mine.filter((id) => !withdrawn.current.has(id) && !r.value.some((i) => i.id === id));
        if (gone.length > 0) settle(gone);
      });
    check.current = poll;
    let handle: ReturnType<typeof setTimeout> | undefined;
    const next = (n: number) => {
      handle = setTimeout(() => {
        poll();
        next(n + 1);
      }, FALLBACK_CHECKS_MS[n] ?? FALLBACK_CHECK_MAX_MS);
    };
    poll();
    next(0);
    return () => {
      live = false;
      clearTimeout(handle);
    };
  }, [mine, messenger]);

  // Each push: the worker's list is asked too; what the render read is kept.
  useEffect(() => {
    if (!items || mine.length === 0) return;
    check.current();
    if (goneNow.length > 0) settle(goneNow);
  }, [items, mine]);

  return {
    all: items ?? polled,
    sent: sent || goneNow.length > 0,
    follow(item) {
      setMine((m) => (m.includes(item.id) ? m : [...m, item.id]));
      if (!items) setPolled((p) => (p.some((i) => i.id === item.id) ? p : [...p, item]));
      setSent(false);
    },
    withdraw: (id) => withdrawn.current.add(id),
    keep: (id) => withdrawn.current.delete(id),
    drop(id) {
      setMine((m) => m.filter((x) => x !== id));
      if (!items) setPolled((p) => p.filter((i) => i.id !== id));
    },
    quiet: () => setSent(false),
  };
}
