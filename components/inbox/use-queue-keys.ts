/** The queue's keys (`queueCommand`), heard wherever the focus is in the panel; a text field keeps its letters. */
import { useEffect, useRef } from 'preact/hooks';
import { queueCommand, type QueueCommand } from '../../lib/inbox/queue';

/** `onCommand` answers false when it did nothing with the key (the browser keeps it). */
export function useQueueKeys(onCommand: (command: QueueCommand, target: HTMLElement) => boolean) {
  const handler = useRef(onCommand);
  handler.current = onCommand;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const inField = target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT';
      const command = queueCommand({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, inField });
      if (command === null) return;
      // A button keeps Enter and its own keys; the row's letters still work from a row.
      if (target.tagName === 'BUTTON' && command === 'open') return;
      if (handler.current(command, target)) event.preventDefault();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
