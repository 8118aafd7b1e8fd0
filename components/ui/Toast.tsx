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
}

function overlap(a: DOMRect, b: DOMRect): boolean {
  return a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;
}

/** A transient message with an optional action (Undo), announced politely to screen readers. */
export function Toast({ children, onClose, durationMs = 8000, undo, avoid }: ToastProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [bottom, setBottom] = useState(false);
  useLayoutEffect(() => {
    const box = avoid?.();
    if (box && ref.current && overlap(ref.current.getBoundingClientRect(), box.getBoundingClientRect())) setBottom(true);
  }, [avoid]);
  useEffect(() => {
    const handle = setTimeout(onClose, durationMs);
    return () => clearTimeout(handle);
  }, [onClose, durationMs]);
  return (
    <div ref={ref} class={bottom ? 'toast toast-bottom' : 'toast'} role="status" aria-live="polite">
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
