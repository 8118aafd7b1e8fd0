import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import { Button } from './Button';

export interface ToastProps {
  children: ComponentChildren;
  /** Called when the toast should go away (after `durationMs`, or at once when the user dismisses it). */
  onClose: () => void;
  durationMs?: number;
  /** Offers Undo: runs it, then closes. */
  undo?: (() => void) | undefined;
}

/** A transient message with an optional action (Undo), announced politely to screen readers. */
export function Toast({ children, onClose, durationMs = 8000, undo }: ToastProps) {
  useEffect(() => {
    const handle = setTimeout(onClose, durationMs);
    return () => clearTimeout(handle);
  }, [onClose, durationMs]);
  return (
    <div class="toast" role="status" aria-live="polite">
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
