import { useRef } from 'preact/hooks';
import { t } from '../i18n';

export type PanelSection = 'profile' | 'inbox' | 'page';
const SECTIONS: readonly PanelSection[] = ['profile', 'inbox', 'page'];
const LABELS = { profile: 'sectionProfile', inbox: 'sectionInbox', page: 'sectionThisPage' } as const;

/** The section a key moves to from `current` (the ARIA tabs pattern: arrows wrap, Home and End), or null. */
export function sectionForKey(key: string, current: PanelSection): PanelSection | null {
  const i = SECTIONS.indexOf(current);
  switch (key) {
    case 'ArrowRight':
      return SECTIONS[(i + 1) % SECTIONS.length]!;
    case 'ArrowLeft':
      return SECTIONS[(i - 1 + SECTIONS.length) % SECTIONS.length]!;
    case 'Home':
      return SECTIONS[0]!;
    case 'End':
      return SECTIONS[SECTIONS.length - 1]!;
    default:
      return null;
  }
}

/** Profile, Inbox and This page as ARIA tabs: one Tab stop (the selected tab), arrow keys between them. */
export function PanelTabs({ section, onSection }: { section: PanelSection; onSection: (s: PanelSection) => void }) {
  const list = useRef<HTMLElement>(null);
  return (
    <nav
      class="panel-tabs"
      role="tablist"
      aria-label={t('panelSections')}
      ref={list}
      onKeyDown={(e) => {
        const next = sectionForKey(e.key, section);
        if (!next) return;
        e.preventDefault();
        onSection(next);
        list.current?.querySelector<HTMLElement>(`#tab-${next}`)?.focus();
      }}
    >
      {SECTIONS.map((s) => (
        <button
          key={s}
          type="button"
          role="tab"
          id={`tab-${s}`}
          aria-selected={section === s}
          aria-controls="panel-section"
          tabIndex={section === s ? 0 : -1}
          class={`panel-tab${section === s ? ' is-selected' : ''}`}
          onClick={() => onSection(s)}
        >
          {t(LABELS[s])}
        </button>
      ))}
    </nav>
  );
}
