// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CrmRecordsView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { CrmFold } from './CrmFold';

beforeEach(() => {
  useEnglish();
  localStorage.clear();
});
afterEach(cleanup);

const view = (over: Partial<CrmRecordsView>): CrmRecordsView => ({ connected: ['crmA', 'crmB'], records: [], matchedBy: null, tried: ['address'], readAt: 0, ...over });

describe('the CRM fold', () => {
  it('shows the record, its link and the way it matched; the CRM without one says so', async () => {
    const load = async () => ({ ok: true as const, value: view({ records: [{ crm: 'crmA', name: 'Ada Lovelace', url: 'https://crm-a.example/c1' }], matchedBy: 'address' }) });
    render(<CrmFold subject="ada" load={load} />);
    expect((await screen.findByRole('link', { name: 'Open in crmA' })).getAttribute('href')).toBe('https://crm-a.example/c1');
    expect(screen.getByText("Found by the profile's address")).toBeTruthy();
    expect(screen.getByText('Not in crmB')).toBeTruthy();
  });

  it('makes no link of a record whose address is not a web address', async () => {
    const load = async () => ({ ok: true as const, value: view({ records: [{ crm: 'crmA', name: 'Ada', url: 'javascript:alert(1)' }], matchedBy: 'address' }) });
    render(<CrmFold subject="ada" load={load} />);
    await screen.findByText('Ada');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows an error, never a crash, for an answer of another shape', async () => {
    const load = async () => ({ ok: true as const, value: { total: 40 } as unknown as CrmRecordsView });
    localStorage.setItem('crm-connected', '1');
    render(<CrmFold subject="ada" load={load} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows nothing when no CRM is connected', async () => {
    let answered = false;
    const load = async () => {
      answered = true;
      return { ok: true as const, value: view({ connected: [], tried: [] }) };
    };
    const { container } = render(<CrmFold subject="ada" load={load} />);
    await waitFor(() => expect(answered).toBe(true));
    // Remembered as not connected: the next panel shows nothing while it asks either.
    await waitFor(() => expect(localStorage.getItem('crm-connected')).toBe('0'));
    expect(container.innerHTML).toBe('');
  });
});
