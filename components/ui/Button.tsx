import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';

export type ButtonVariant = 'default' | 'primary' | 'ghost' | 'danger' | 'soft';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'size'> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
  icon?: ComponentChildren;
  block?: boolean;
}

/** A real <button> (keyboard and screen readers get it for free), styled by the design system. */
export function Button({ variant = 'default', size = 'md', busy, icon, block, class: cls, className, children, disabled, type, ...rest }: ButtonProps) {
  const classes = [
    'btn',
    variant !== 'default' ? `btn-${variant}` : '',
    size === 'sm' ? 'btn-sm' : '',
    block ? 'btn-block' : '',
    !children ? 'btn-icon' : '',
    cls ?? className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type ?? 'button'} class={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span class="spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
