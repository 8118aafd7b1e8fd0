// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../format';
import { useEnglish } from '../test-i18n';
import { ConversationStatus, statusText } from './ConversationStatus';

beforeEach(() => useEnglish('en-GB'));
afterEach(cleanup);

const now = Date.UTC(2025, 2, 12, 10, 0);
const later = Date.UTC(2025, 2, 15, 9, 0);

describe('statusText', () => {
  it('says Open and Archived', () => {
    expect(statusText({ status: 'OPEN', snoozeUntil: null }, now)).toBe('Open');
    expect(statusText({ status: 'ARCHIVED', snoozeUntil: null }, now)).toBe('Archived');
  });

  it('says until when a snooze lasts, in local date and time', () => {
    const text = statusText({ status: 'SNOOZED', snoozeUntil: later }, now, 'en-GB');
    expect(text).toBe(`Snoozed until ${formatDateTime(later, 'en-GB')}`);
    expect(text).toMatch(/^Snoozed until 15 Mar 2025, \d\d:\d\d$/);
  });

  it('reads an expired snooze as Open', () => {
    expect(statusText({ status: 'SNOOZED', snoozeUntil: now - 1 }, now)).toBe('Open');
  });
});

describe('ConversationStatus', () => {
  it('colours the pill per status', () => {
    render(<ConversationStatus conversation={{ status: 'SNOOZED', snoozeUntil: later }} now={now} testId="s" />);
    const pill = screen.getByTestId('s').querySelector('.pill')!;
    expect(pill.className).toContain('pill-snoozed');
    expect(pill.textContent).toContain('Snoozed until');
  });
});
