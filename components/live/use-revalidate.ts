/**
 * What is on screen stays fresh within the key's budget (issues 36, 41; relay or not, since status and
 * note travel in no webhook): `revalidate`
 * runs at most once per `periodMs` while the page is visible, none while hidden; coming back after
 * longer than that runs it at once. The page's own timers: a test drives them with its clock.
 */
import { useEffect, useRef } from 'preact/hooks';

export const REVALIDATE_PERIOD_MS = 60_000;

export function useRevalidate(revalidate: (() => unknown) | null, periodMs = REVALIDATE_PERIOD_MS) {
  const run = useRef(revalidate);
  run.current = revalidate;
  const enabled = revalidate !== null;
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const visible = () => document.visibilityState === 'visible';
    const schedule = () => {
      clearTimeout(timer);
      if (!visible()) return;
      timer = setTimeout(
        () => {
          last = Date.now();
          void run.current?.();
          schedule();
        },
        Math.max(0, last + periodMs - Date.now()),
      );
    };
    const onVisibility = () => schedule();
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, periodMs]);
}
