import type { ComponentChildren } from 'preact';

export type PillTone = 'open' | 'snoozed' | 'archived' | 'accent' | 'danger' | 'ok' | 'neutral';

export interface PillProps {
  tone?: PillTone;
  dot?: boolean;
  children: ComponentChildren;
  title?: string;
}

export function Pill({ tone = 'neutral', dot, children, title }: PillProps) {
  return (
    <span class={`pill ${tone === 'neutral' ? '' : `pill-${tone}`}`} title={title}>
      {dot ? <span class="pill-dot" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
