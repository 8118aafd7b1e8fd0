import type { ComponentChildren } from 'preact';
import { Icon, type IconName } from './Icon';

export interface EmptyStateProps {
  icon: IconName;
  title: string;
  body: ComponentChildren;
  tone?: 'warning' | 'danger';
  children?: ComponentChildren;
}

/** A centred card for "nothing to show" and error states; danger ones are announced as alerts. */
export function EmptyState({ icon, title, body, tone, children }: EmptyStateProps) {
  return (
    <div class={`empty ${tone ? `empty-${tone}` : ''}`} role={tone === 'danger' ? 'alert' : undefined}>
      <div class="empty-icon">
        <Icon name={icon} size={22} />
      </div>
      <h2 class="empty-title">{title}</h2>
      <p class="empty-body">{body}</p>
      {children ? <div class="row empty-actions">{children}</div> : null}
    </div>
  );
}
