// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { useEnglish, useFrench } from '../test-i18n';
import { ShortcutHelp } from './ShortcutHelp';

afterEach(() => {
  cleanup();
  useEnglish();
});

describe('ShortcutHelp', () => {
  it.each([
    ['en-US', () => useEnglish('en-US'), 'Snooze until tomorrow 9:00 AM'],
    ['en-GB', () => useEnglish('en-GB'), 'Snooze until tomorrow 09:00'],
    ['fr-FR', () => useFrench('fr-FR'), 'Mettre en pause jusqu’à demain 09:00'],
  ])('writes the snooze hour as every other time of the panel (%s)', (_locale, use, text) => {
    use();
    render(<ShortcutHelp onClose={() => {}} />);
    expect(screen.getByText(text)).toBeTruthy();
  });
});
