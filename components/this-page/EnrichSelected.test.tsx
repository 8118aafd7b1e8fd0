// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { EnrichBatchView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { EnrichSelected } from './EnrichSelected';

beforeEach(() => useEnglish());
afterEach(cleanup);

const people = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://www.pronet.example/in/p${i}/`, name: `P ${i}` }));
const messenger = (total: number) => {
  const send = vi.fn(async (type: string) => (type === 'credits' ? { ok: true, value: { total, perishable: 0 } } : { ok: false, error: { code: 'bad-request' } }));
  return { send, messenger: { send } as unknown as Messenger };
};
const batch = (extra: Partial<EnrichBatchView>): EnrichBatchView => ({ id: 'b1', enrichType: 'EMAIL_ENRICH', total: 2, enriched: 0, results: 0, refused: 0, unknown: 0, skipped: 0, sending: true, people: [], ...extra });

describe('Enrich the selected: credits first', () => {
  it('the whole selection`s cost and the balance before the press', async () => {
    const { messenger: m } = messenger(120);
    render(<EnrichSelected messenger={m} tabId={1} people={people(3)} />);
    await waitFor(() => expect(screen.getByTestId('enrich-selected-cost').textContent).toBe('15 credits for 3 people · balance: 120 credits'));
    expect((screen.getByRole('button', { name: 'Enrich 3' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a selection that costs more than the balance says so, and its button stays off', async () => {
    const { messenger: m } = messenger(12);
    render(<EnrichSelected messenger={m} tabId={1} people={people(3)} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Not enough credits: 15 needed, 12 available.'));
    expect((screen.getByRole('button', { name: 'Enrich 3' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the balance is read again once the batch has nothing left to send, not at each result', async () => {
    const { messenger: m, send } = messenger(120);
    const { rerender } = render(<EnrichSelected messenger={m} tabId={1} people={[]} batch={batch({})} />);
    const reads = () => send.mock.calls.filter(([type]) => type === 'credits').length;
    await waitFor(() => expect(reads()).toBe(1));
    rerender(<EnrichSelected messenger={m} tabId={1} people={[]} batch={batch({ enriched: 1 })} />);
    rerender(<EnrichSelected messenger={m} tabId={1} people={[]} batch={batch({ enriched: 2, results: 1, sending: false })} />);
    await waitFor(() => expect(reads()).toBe(2));
    // Enriched counts the results that came; the others are under way (their credits spent).
    expect(screen.getByTestId('enrich-progress').textContent).toBe('1 of 2 enriched');
    expect(screen.getByText('1 under way')).toBeTruthy();
  });
});
