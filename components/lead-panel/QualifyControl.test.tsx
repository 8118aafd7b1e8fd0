// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LeadStatus } from '../../lib/api/schemas';
import type { QualificationView } from '../../lib/views';
import { useEnglish, useFrench } from '../test-i18n';
import { leadStatusLabel, QualifyControl } from './QualifyControl';

beforeEach(() => useEnglish());
afterEach(cleanup);

function setup(qualification: QualificationView) {
  const onQualify = vi.fn();
  const onDiscard = vi.fn();
  render(<QualifyControl campaignName="Spring" qualification={qualification} onQualify={onQualify} onDiscard={onDiscard} />);
  return { onQualify, onDiscard };
}

describe('QualifyControl', () => {
  it('offers every outcome the service takes, each in one click', () => {
    const { onQualify } = setup({ status: null, previous: null, pendingId: null });
    expect(screen.getAllByRole('button')).toHaveLength(LeadStatus.options.length);
    fireEvent.click(screen.getByRole('button', { name: 'Ready to buy' }));
    expect(onQualify).toHaveBeenCalledWith('READY_TO_BUY');
    expect(screen.getByTestId('lead-status').textContent).toBe("No status in the lead's recent activity");
  });

  it.each([
    ['nothing to go back to: no Undo', { status: 'INTERESTED', previous: null, pendingId: null }, null],
    ['a queued one: Undo discards it', { status: 'CONVERTED', previous: null, pendingId: '7' }, { discard: '7' }],
    ['one the service took: Undo sets back the one it replaced', { status: 'CONVERTED', previous: 'INTERESTED', pendingId: null }, { qualify: 'INTERESTED' }],
  ] as const)('%s', (_name, qualification, expected) => {
    const { onQualify, onDiscard } = setup(qualification);
    const undo = screen.queryByRole('button', { name: /^Undo/ });
    if (expected === null) {
      expect(undo).toBeNull();
      return;
    }
    fireEvent.click(undo!);
    if ('discard' in expected) expect(onDiscard).toHaveBeenCalledWith(expected.discard);
    else expect(onQualify).toHaveBeenCalledWith(expected.qualify);
  });

  it('marks the current status and names every outcome in French too', () => {
    useFrench('fr-FR');
    setup({ status: 'WRONG_TIMING', previous: null, pendingId: null });
    expect(screen.getByRole('button', { name: 'Mauvais moment' }).getAttribute('aria-pressed')).toBe('true');
    for (const s of LeadStatus.options) expect(leadStatusLabel(s)).not.toBe(s);
    expect(leadStatusLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});
