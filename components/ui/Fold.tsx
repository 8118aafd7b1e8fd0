/**
 * A section of the panel that folds (issue 45): its title, and a word of what is inside, always shown;
 * the rest only when open. Whether it is open is the parent's (`useFold`), remembered per fold.
 */
import type { ComponentChildren } from 'preact';
import { useRemembered } from './use-remembered';

/** Whether fold `id` is open, remembered across panels; `fallback` until the user chose. */
export function useFold(id: string, fallback = false): [boolean, (open: boolean) => void] {
  return useRemembered(`fold:${id}`, fallback);
}

export interface FoldProps {
  id: string;
  title: string;
  /** What the closed fold still says (a status, a count). */
  hint?: ComponentChildren;
  open: boolean;
  onToggle(open: boolean): void;
  children: ComponentChildren;
}

export function Fold({ id, title, hint, open, onToggle, children }: FoldProps) {
  return (
    <details class="card fold" data-fold={id} open={open} onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}>
      <summary class="fold-summary">
        <span class="section-label">{title}</span>
        {hint ? <span class="fold-hint">{hint}</span> : null}
      </summary>
      <div class="fold-body stack">{children}</div>
    </details>
  );
}
