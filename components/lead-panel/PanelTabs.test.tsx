// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useEnglish } from '../test-i18n';
import { PanelTabs, type PanelSection } from './PanelTabs';

beforeEach(() => useEnglish());
afterEach(cleanup);

function Tabs() {
  const [section, setSection] = useState<PanelSection>('profile');
  return <PanelTabs section={section} onSection={setSection} />;
}

describe('Profile, Inbox and This page tabs (the ARIA tabs pattern)', () => {
  it('take one Tab stop; the arrow keys, Home and End move between them and select', () => {
    render(<Tabs />);
    const [profile, inbox, page] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement, HTMLElement];
    expect([profile.textContent, inbox.textContent, page.textContent]).toEqual(['Profile', 'Inbox', 'This page']);
    expect([profile.tabIndex, inbox.tabIndex, page.tabIndex]).toEqual([0, -1, -1]);
    profile.focus();
    fireEvent.keyDown(profile, { key: 'ArrowRight' });
    expect(inbox.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(inbox);
    expect([profile.tabIndex, inbox.tabIndex, page.tabIndex]).toEqual([-1, 0, -1]);
    fireEvent.keyDown(inbox, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(page);
    fireEvent.keyDown(page, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(profile);
    fireEvent.keyDown(profile, { key: 'End' });
    expect(document.activeElement).toBe(page);
    fireEvent.keyDown(page, { key: 'Home' });
    expect(profile.getAttribute('aria-selected')).toBe('true');
  });
});
