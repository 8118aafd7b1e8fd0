// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { CallLogRow } from '../../lib/views';
import { callSummary } from '../../lib/api/summaries';
import { useEnglish, useFrench } from '../test-i18n';
import { CallHistory, filterCalls } from './CallHistory';

beforeEach(() => useEnglish());
afterEach(cleanup);

const AT = Date.UTC(2026, 10, 24, 9, 0);
/** 47 calls, newest first: every fifth one a failed searchLeads. */
const ROWS: CallLogRow[] = Array.from({ length: 47 }, (_, i) => {
  const failed = i % 5 === 0;
  return {
    id: 47 - i,
    endpoint: failed ? 'searchLeads' : i % 2 ? 'listMembers' : 'listLeadConversations',
    method: 'GET',
    ok: !failed,
    status: failed ? 503 : 200,
    ...(failed ? { failure: { kind: 'refused', message: 'service unavailable' } } : { summary: { kind: 'members', n: i } }),
    at: AT - i * 1000,
    durationMs: 10 + i,
  };
});

function renderHistory() {
  const send = vi.fn(async (_type: string, payload: { failedOnly?: boolean }) => ({ ok: true, value: payload.failedOnly ? ROWS.filter((r) => !r.ok) : ROWS }));
  render(<CallHistory messenger={{ send } as unknown as Messenger} refreshMs={60_000} />);
  return send;
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Call history' })).getAllByRole('row').slice(1);

describe('CallHistory', () => {
  it('pages every call, 25 at a time, each row with its duration', async () => {
    renderHistory();
    await waitFor(() => expect(screen.getByTestId('call-count').textContent).toBe('Calls 1–25 of 47'));
    expect(bodyRows()).toHaveLength(25);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Duration');
    // Every row fills every column, Duration included.
    for (const row of bodyRows()) expect(within(row).getAllByRole('cell')).toHaveLength(headers.length);
    // As a person reads it, the exact figure in the tooltip.
    const duration = within(bodyRows()[0]!).getAllByRole('cell')[headers.indexOf('Duration')]!;
    expect(duration.textContent).toBe('< 0.1 s');
    expect(duration.title).toBe('10 ms');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('call-count').textContent).toBe('Calls 26–47 of 47');
    expect(bodyRows()).toHaveLength(22);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('filters by endpoint and searches endpoint, status and summary', async () => {
    renderHistory();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'searchLeads' } });
    expect(screen.getByTestId('call-count').textContent).toBe('10 calls');
    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: '' } });
    fireEvent.input(screen.getByLabelText('Search calls'), { target: { value: '503 unavailable' } });
    expect(bodyRows()).toHaveLength(10);
    fireEvent.input(screen.getByLabelText('Search calls'), { target: { value: 'members 46' } });
    expect(screen.getByTestId('call-count').textContent).toBe('1 call');
    fireEvent.input(screen.getByLabelText('Search calls'), { target: { value: 'nothing like this' } });
    expect(screen.getByText('No call matches.')).toBeTruthy();
  });

  it('asks the background for failed calls only when ticked', async () => {
    const send = renderHistory();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    fireEvent.click(screen.getByLabelText('Failed calls only'));
    await waitFor(() => expect(screen.getByTestId('call-count').textContent).toBe('10 calls'));
    expect(send).toHaveBeenLastCalledWith('call-log', { failedOnly: true, limit: 500 });
  });

  it('keeps rows whose every search word matches', () => {
    expect(filterCalls(ROWS, { endpoint: '', search: 'listMembers 200' }).every((r) => r.endpoint === 'listMembers')).toBe(true);
    expect(filterCalls(ROWS, { endpoint: 'listMembers', search: '' })).toHaveLength(ROWS.filter((r) => r.endpoint === 'listMembers').length);
  });

  it("words each summary in the user's language, with the language's plural rules; a service's message as it came", async () => {
    const identity = { id: 'idt_1', name: 'Sam Sales', firstname: 'Sam', lastname: 'Sales', companyName: null, jobTitle: null, pronetConnected: true };
    const row = (id: number, endpoint: string, outcome: Pick<CallLogRow, 'summary' | 'failure'>, ok = true): CallLogRow => ({ id, endpoint, method: 'GET', ok, status: ok ? 200 : 401, ...outcome, at: AT - id, durationMs: 5 });
    const rows = [
      row(1, 'listIdentities', { summary: callSummary('listIdentities', { statusCode: 200, identities: Array.from({ length: 5 }, (_, i) => ({ ...identity, id: `idt_${i}` })) }) }),
      row(2, 'listMembers', { summary: callSummary('listMembers', [{ id: 'mem_1', name: 'Sam', label: 'Owner' }]) }),
      row(3, 'listMembers', { summary: callSummary('listMembers', []) }),
      row(4, 'listMembers', { failure: { kind: 'refused', message: 'Unknown API key.' } }, false),
      // A row an older build stored as text shows as stored.
      row(5, 'listMembers', { summary: '2 members' }),
    ];
    useFrench();
    // French counts 0 and 1 as singular.
    expect(await summaries(rows)).toEqual(['5 identités', '1 membre', '0 membre', 'Unknown API key.', '2 members']);
    useEnglish();
    expect(await summaries(rows)).toEqual(['5 identities', '1 member', '0 members', 'Unknown API key.', '2 members']);
    // The search reads the words shown.
    render(<CallHistory messenger={{ send: vi.fn(async () => ({ ok: true, value: rows })) } as unknown as Messenger} refreshMs={60_000} />);
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    fireEvent.input(screen.getByLabelText('Search calls'), { target: { value: 'identities' } });
    expect(bodyRows()).toHaveLength(1);
  });

  it('words why a call failed in French: a timeout, no answer, a cancelled call, an unexpected answer', async () => {
    const row = (id: number, failure: CallLogRow['failure']): CallLogRow => ({ id, endpoint: 'listMembers', method: 'GET', ok: false, status: null, failure, at: AT - id, durationMs: 5 });
    const rows = [
      row(1, { kind: 'timeout' }),
      row(2, { kind: 'network' }),
      row(3, { kind: 'cancelled' }),
      row(4, { kind: 'unexpectedResponse', path: 'identities.0.id' }),
      row(5, { kind: 'unexpectedResponse', path: '' }),
    ];
    useFrench();
    expect(await summaries(rows)).toEqual([
      'Délai dépassé',
      'Erreur réseau',
      'Annulé',
      'Réponse inattendue au champ identities.0.id',
      "Réponse inattendue : le corps n'est pas du JSON",
    ]);
    useEnglish();
    expect(await summaries(rows)).toEqual(['Timed out', 'Network error', 'Cancelled', 'Unexpected response at identities.0.id', 'Unexpected response: the body is not JSON']);
  });
});

describe('CallHistory, issue 45', () => {
  const row = (id: number, over: Partial<CallLogRow>): CallLogRow => ({ id, endpoint: 'searchLeads', method: 'GET', ok: true, status: 200, at: AT - id, durationMs: 5, ...over });
  const noLead = row(1, { ok: false, status: 404, failure: { kind: 'refused', message: 'No lead for this profile' } });
  const broken = row(2, { ok: false, status: 503, failure: { kind: 'refused', message: 'service unavailable' } });
  const gone = row(3, { endpoint: 'listLeadConversations', ok: false, status: 404, failure: { kind: 'refused', message: 'No lead.' } });

  function renderRows(rows: CallLogRow[]) {
    const send = vi.fn(async (_type: string, payload: { failedOnly?: boolean }) => ({ ok: true, value: payload.failedOnly ? rows.filter((r) => !r.ok) : rows }));
    render(<CallHistory messenger={{ send } as unknown as Messenger} refreshMs={60_000} />);
  }
  const resultOf = (r: HTMLElement) => r.querySelector('.pill')!;

  it("shows a look-up's 404 as a neutral No match, not a failure in red", async () => {
    renderRows([noLead, broken, gone]);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [first, second, third] = bodyRows();
    expect(resultOf(first!).textContent).toBe('No match');
    expect(resultOf(first!).className).not.toContain('pill-danger');
    expect(first!.className).not.toContain('row-failed');
    expect(first!.querySelector('.summary')!.textContent).toBe('No lead matches this look-up');
    // A real failure, and a 404 of anything but a look-up, stay failures.
    expect(resultOf(second!).textContent).toBe('Error 503');
    expect(second!.className).toContain('row-failed');
    expect(resultOf(third!).textContent).toBe('Error 404');
    expect(third!.className).toContain('row-failed');
    // Nothing failed: "Failed calls only" leaves it out.
    fireEvent.click(screen.getByLabelText('Failed calls only'));
    await waitFor(() => expect(screen.getByTestId('call-count').textContent).toBe('2 calls'));
    expect(bodyRows().map((r) => resultOf(r).textContent)).toEqual(['Error 503', 'Error 404']);
  });

  it('says No match in French', async () => {
    useFrench();
    renderRows([noLead]);
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(resultOf(rows()[0]!).textContent).toBe('Aucun résultat');
    expect(rows()[0]!.querySelector('.summary')!.textContent).toBe('Aucun lead ne correspond à cette recherche');
  });

  it('writes an endpoint name with a break opportunity between its words, never inside one', async () => {
    renderRows([row(1, { endpoint: 'searchConversations', summary: { kind: 'conversations', n: 2 } }), row(2, { endpoint: 'pushVisitorsTrackerA' })]);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const name = (r: HTMLElement) => r.querySelector('.call-endpoint .mono')!;
    expect(name(bodyRows()[0]!).innerHTML).toBe('search<wbr>Conversations');
    expect(name(bodyRows()[0]!).textContent).toBe('searchConversations');
    expect(name(bodyRows()[1]!).innerHTML).toBe('push<wbr>Visitors<wbr>Tracker<wbr>A');
  });
});

/** The summary column of `rows` as the table shows them in the current language. */
async function summaries(rows: CallLogRow[]): Promise<(string | null)[]> {
  const send = vi.fn(async () => ({ ok: true, value: rows }));
  render(<CallHistory messenger={{ send } as unknown as Messenger} refreshMs={60_000} />);
  const table = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
  await waitFor(() => expect(table()).toHaveLength(rows.length));
  const texts = table().map((r) => r.querySelector('.summary')!.textContent);
  cleanup();
  return texts;
}
