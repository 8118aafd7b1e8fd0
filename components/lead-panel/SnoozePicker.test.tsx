// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../format';
import { useEnglish, useFrench } from '../test-i18n';
import { SnoozePicker } from './SnoozePicker';

beforeEach(() => useEnglish());
afterEach(cleanup);

// Wednesday 12 March 2025, 10:20 local time: presets are local wall-clock times.
const now = new Date(2025, 2, 12, 10, 20).getTime();

function setup(at = now) {
  const onSnooze = vi.fn();
  render(<SnoozePicker now={() => at} onSnooze={onSnooze} />);
  return onSnooze;
}

const presetButton = (id: string) => document.querySelector(`[data-preset="${id}"]`) as HTMLButtonElement;

describe('SnoozePicker', () => {
  it('writes the chosen date and time in the UI locale beside the field (French)', () => {
    useFrench('fr-FR');
    setup();
    const tomorrow9 = new Date(2025, 2, 13, 9, 0).getTime();
    expect(screen.getByTestId('snooze-chosen').textContent).toBe(formatDateTime(tomorrow9, 'fr-FR'));
    expect(screen.getByTestId('snooze-chosen').textContent).toBe('13 mars 2025, 09:00');
    fireEvent.input(screen.getByLabelText("Pause jusqu'au"), { target: { value: '2025-03-20T18:30' } });
    expect(screen.getByTestId('snooze-chosen').textContent).toBe('20 mars 2025, 18:30');
  });

  it('snoozes until later today, rounded up to the hour three hours on', () => {
    const onSnooze = setup();
    fireEvent.click(presetButton('later-today'));
    expect(onSnooze).toHaveBeenCalledWith(new Date(2025, 2, 12, 14, 0).getTime());
  });

  it('snoozes until tomorrow 09:00 local', () => {
    const onSnooze = setup();
    fireEvent.click(screen.getByRole('button', { name: /^Tomorrow/ }));
    expect(onSnooze).toHaveBeenCalledWith(new Date(2025, 2, 13, 9, 0).getTime());
  });

  it('snoozes until next Monday 09:00 local', () => {
    const onSnooze = setup();
    fireEvent.click(screen.getByRole('button', { name: /^Next week/ }));
    expect(onSnooze).toHaveBeenCalledWith(new Date(2025, 2, 17, 9, 0).getTime());
  });

  it('on a Sunday shows Monday 09:00 once, saying which day it is (issue 45)', () => {
    setup(new Date(2025, 2, 16, 10, 0).getTime()); // Sunday
    const whens = [...document.querySelectorAll('.preset-when')].map((el) => el.textContent);
    expect(whens).toEqual(['13:00', 'Mon 17 Mar, 09:00']);
    expect(presetButton('tomorrow-morning').textContent).toBe('TomorrowMon 17 Mar, 09:00');
    expect(presetButton('next-week')).toBeNull();
  });

  it('offers no "later today" late in the evening', () => {
    setup(new Date(2025, 2, 12, 22, 30).getTime());
    expect(presetButton('later-today')).toBeNull();
    expect(presetButton('tomorrow-morning')).not.toBeNull();
  });

  it('snoozes until the date and time typed in "Snooze until"', () => {
    const onSnooze = setup();
    const input = screen.getByLabelText('Snooze until') as HTMLInputElement;
    expect(input.value).toBe('2025-03-13T09:00');
    fireEvent.input(input, { target: { value: '2025-04-01T16:45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Snooze', exact: true }));
    expect(onSnooze).toHaveBeenCalledWith(new Date(2025, 3, 1, 16, 45).getTime());
  });

  it('refuses a time in the past and says why', () => {
    const onSnooze = setup();
    fireEvent.input(screen.getByLabelText('Snooze until'), { target: { value: '2025-03-12T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Snooze', exact: true }));
    expect(onSnooze).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Pick a date and time in the future.');
  });
});
