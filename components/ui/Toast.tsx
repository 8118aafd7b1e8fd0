import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { Button } from './Button';

export interface ToastProps {
  children: ComponentChildren;
  /** Called when the toast should go away (after `durationMs`, or at once when the user dismisses it). */
  onClose: () => void;
  durationMs?: number;
  /** Offers Undo: runs it, then closes. */
  undo?: (() => void) | undefined;
  /** What the toast must not cover (a box being typed in): it moves to the panel's other edge. */
  avoid?: () => Element | null;
  /** The page's bar (title, Refresh, settings), by default its first `header`: the toast shows below it. */
  header?: () => Element | null;
}

/** Room kept between the toast and what it keeps clear of (px). */
const GAP = 12;

function overlap(a: { top: number; bottom: number }, b: { top: number; bottom: number }): boolean {
  return a.top < b.bottom && b.top < a.bottom;
}

/**
 * Where the toast shows: just below the page's bar, so that its title, Refresh and settings stay in
 * sight (issue 45), and above the controls it reports on (issue 27); at the bottom edge when that
 * would cover the box being typed in. `null`: the top edge (no bar).
 */
export function toastPlace(toastHeight: number, headerBottom: number | null, box: { top: number; bottom: number } | null): { top: number } | 'bottom' {
  const top = Math.max(GAP, (headerBottom ?? 0) + GAP / 2);
  return box && overlap({ top, bottom: top + toastHeight }, box) ? 'bottom' : { top };
}

const firstHeader = () => document.querySelector('header');

/** A transient message with an optional action (Undo), announced politely to screen readers. */
export function Toast({ children, onClose, durationMs = 8000, undo, avoid, header = firstHeader }: ToastProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number } | 'bottom'>({ top: GAP });
  // Placed as it shows (each toast is a new one, keyed by its id); a place equal to the last is no new state.
  useLayoutEffect(() => {
    if (!ref.current) return;
    const box = avoid?.()?.getBoundingClientRect() ?? null;
    const next = toastPlace(ref.current.getBoundingClientRect().height, header()?.getBoundingClientRect().bottom ?? null, box);
    setPlace((was) => (was === next || (typeof was === 'object' && typeof next === 'object' && was.top === next.top) ? was : next));
  }, [avoid, header]);
  useEffect(() => {
    const handle = setTimeout(onClose, durationMs);
    return () => clearTimeout(handle);
  }, [onClose, durationMs]);
  return (
    <div ref={ref} class={place === 'bottom' ? 'toast toast-bottom' : 'toast'} style={place === 'bottom' ? undefined : { top: `${place.top}px` }} role="status" aria-live="polite">
      <span>{children}</span>
      {undo ? (
        <Button
          size="sm"
          onClick={() => {
            undo();
            onClose();
          }}
        >
          {t('undo')}
        </Button>
      ) : null}
    </div>
  );
}
