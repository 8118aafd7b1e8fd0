/** A handful of 16px line icons, drawn inline so no font or request is needed. Decorative: aria-hidden. */
const paths = {
  archive: 'M2.5 4.5h11M3.5 4.5v8a1 1 0 0 0 1 1h7a1 1 0 0 0 1-1v-8M2 2.5h12v2H2zM6.5 7.5h3',
  unarchive: 'M2 2.5h12v2H2zM3.5 4.5v8a1 1 0 0 0 1 1h7a1 1 0 0 0 1-1v-8M8 11.5v-4M6 9.5l2-2 2 2',
  clock: 'M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM8 4.5V8l2.5 1.5',
  bell: 'M4 10.5V7a4 4 0 1 1 8 0v3.5l1 1.5H3l1-1.5ZM6.5 13.5a1.5 1.5 0 0 0 3 0',
  refresh: 'M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.5 2.5v3h-3',
  settings:
    'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM13 8c0-.4 0-.7-.1-1l1.4-1.1-1.3-2.3-1.7.6c-.5-.4-1-.7-1.6-.9L9.3 1.5H6.7l-.4 1.8c-.6.2-1.1.5-1.6.9L3 3.6 1.7 5.9 3.1 7a4 4 0 0 0 0 2l-1.4 1.1 1.3 2.3 1.7-.6c.5.4 1 .7 1.6.9l.4 1.8h2.6l.4-1.8c.6-.2 1.1-.5 1.6-.9l1.7.6 1.3-2.3L12.9 9c.1-.3.1-.6.1-1Z',
  external: 'M9.5 2.5h4v4M13.5 2.5 7.5 8.5M11.5 9.5v3a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3',
  note: 'M3.5 2.5h9v11h-9zM5.5 5.5h5M5.5 8h5M5.5 10.5h3',
  plus: 'M8 3v10M3 8h10',
  user: 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2.5 14a5.5 5.5 0 0 1 11 0',
  sparkle: 'M8 1.5 9.4 6.6 14.5 8 9.4 9.4 8 14.5 6.6 9.4 1.5 8 6.6 6.6Z',
  alert: 'M8 1.8 14.6 13.5H1.4ZM8 6v3.5M8 11.3v.2',
  offline: 'M2 2l12 12M5.5 8.5a3.5 3.5 0 0 1 2.2-.9M3.2 6.2a7 7 0 0 1 2.5-1.5M10.3 7.6a3.5 3.5 0 0 1 .9.9M8.6 4.6a7 7 0 0 1 4.3 1.6M8 12.5h.01',
  key: 'M10 9.5a3.5 3.5 0 1 0-3.3-2.4L2 11.8V14h2.5v-1.5H6V11h1.5l1.1-1.1c.4.4.9.6 1.4.6ZM11 5.5h.01',
  eye: 'M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8ZM8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  eyeOff: 'M2 2l12 12M6.6 6.7A2 2 0 0 0 9.3 9.4M4.2 4.5C2.5 5.6 1.5 8 1.5 8S4 12.5 8 12.5c1.3 0 2.4-.4 3.3-1M7 3.6c.3-.1.7-.1 1-.1 4 0 6.5 4.5 6.5 4.5s-.5.9-1.4 1.9',
  check: 'M3 8.5 6.5 12 13 4.5',
  x: 'M4 4l8 8M12 4l-8 8',
  panel: 'M2.5 2.5h11v11h-11zM9.5 2.5v11',
  message: 'M2.5 3.5h11v7.5h-6l-3 2.5V11h-2z',
  globe: 'M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM1.5 8h13M8 1.5c1.8 1.8 2.6 4 2.6 6.5S9.8 12.7 8 14.5C6.2 12.7 5.4 10.5 5.4 8S6.2 3.3 8 1.5Z',
  list: 'M5.5 4h8M5.5 8h8M5.5 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01',
  keyboard: 'M1.5 4.5h13v8h-13zM4 7h.01M6.5 7h.01M9 7h.01M11.5 7h.01M5 10h6',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
