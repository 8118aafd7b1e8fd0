import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

export interface ToastProps {
  children: ComponentChildren;
  /** Called when the toast should go away (after `durationMs`, or at once when the user dismisses it). */
  onClose: () => void;
  durationMs?: number;
  action?: ComponentChildren;
}

/** A transient message with an optional action (Undo), announced politely to screen readers. */
export function Toast({ children, onClose, durationMs = 8000, action }: ToastProps) {
  useEffect(() => {
    const handle = setTimeout(onClose, durationMs);
    return () => clearTimeout(handle);
  }, [onClose, durationMs]);
  return (
    <div class="toast" role="status" aria-live="polite">
      <span>{children}</span>
      {action}
    </div>
  );
}
