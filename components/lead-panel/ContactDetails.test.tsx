// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { PanelState } from '../../lib/views';
import { useEnglish, useFrench } from '../test-i18n';
import { ContactDetails } from './ContactDetails';
import { EnrichCard } from './EnrichCard';
import { LeadPanel } from './LeadPanel';

beforeEach(() => useEnglish());
afterEach(cleanup);

const NOW = Date.UTC(2025, 2, 12, 10, 0);

const margaret: PanelState = {
  kind: 'lead',
  profileUrl: 'https://www.pronet.example/in/margaret-hamilton/',
  lead: { id: 'lead_mh', name: 'Margaret Hamilton', company: 'MIT', jobTitle: 'Director', pronetUrl: 'https://www.pronet.example/in/margaret-hamilton/' },
  conversations: [],
  selectedConversationId: null,
  pending: [],
  failed: [],
  stale: false,
  fetchedAt: NOW,
  contacts: [
    { field: 'proEmail', value: 'margaret.hamilton@mit.example', source: 'enrichment', foundAt: NOW - 60_000 },
    { field: 'phone', value: '+1 555 010 2030', source: 'lead', foundAt: null },
  ],
  enrichment: { id: 'enr_1', enrichType: 'FULL_ENRICH', state: 'done', requestedAt: NOW - 120_000, finishedAt: NOW - 60_000, nextCheckAt: null, found: ['proEmail'] },
};

/** The credits for the enrich card; the campaigns for the lead with no conversation (none here). */
const messenger = {
  send: vi.fn(async (type: string) => ({ ok: true, value: type === 'campaign-audiences' ? [] : { total: 40, perishable: 0 } })),
} as unknown as Messenger;

describe('contact details', () => {
  it('shows each email and phone with where it came from, and the enrichment that found it', () => {
    render(<LeadPanel state={margaret} tabId={1} messenger={messenger} now={() => NOW} onOpenOptions={() => {}} />);
    expect(screen.getByTestId('contact-proEmail').textContent).toBe('margaret.hamilton@mit.example');
    expect(screen.getByTestId('contact-phone').textContent).toBe('+1 555 010 2030');
    expect(screen.getByText(/^found by an enrichment,/)).toBeTruthy();
    expect(screen.getByText("from the lead's record in the service")).toBeTruthy();
    expect(screen.getByTestId('enrichment-status').textContent).toBe('Enrichment finished: found professional email.');
    // No conversation, so no note: the panel says why rather than showing nothing.
    expect(screen.getByTestId('no-note-why').textContent).toBe('No note either: the service keeps notes on conversations, and this lead has none yet.');
  });

  it('copies a value on click and says so', async () => {
    const copy = vi.fn(async () => undefined);
    render(<ContactDetails contacts={margaret.kind === 'lead' ? margaret.contacts! : []} now={NOW} copy={copy} />);
    fireEvent.click(screen.getByTestId('contact-proEmail'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(copy).toHaveBeenCalledWith('margaret.hamilton@mit.example');
  });

  it('says when copying failed', async () => {
    render(<ContactDetails contacts={margaret.kind === 'lead' ? margaret.contacts! : []} now={NOW} copy={() => Promise.reject(new Error('denied'))} />);
    fireEvent.click(screen.getByTestId('contact-phone'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Could not copy: select the text instead'));
  });

  it('follows a pending enrichment, in French too', () => {
    useFrench();
    render(
      <EnrichCard
        loadCredits={async () => ({ ok: true, value: { total: 40, perishable: 0 } })}
        enrich={async () => ({ ok: true, value: { enrichRequestId: 'e', creditsSpent: 5 } })}
        enrichment={{ id: 'e', enrichType: 'EMAIL_ENRICH', state: 'pending', requestedAt: NOW, finishedAt: null, nextCheckAt: NOW + 15_000, found: [] }}
        now={NOW}
      />,
    );
    expect(screen.getByTestId('enrichment-status').textContent).toMatch(/^Enrichissement en cours : le service sera de nouveau interrogé à \d\d:\d\d\.$/);
  });

  it('shows the cost of each enrichment before any credit is spent, singular and plural', () => {
    render(<EnrichCard loadCredits={async () => ({ ok: true, value: { total: 40, perishable: 0 } })} enrich={async () => ({ ok: false, error: { code: 'internal' } })} />);
    const options = [...screen.getByRole('combobox').querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['Professional email (5 credits)', 'Profile details (1 credit)', 'Everything (email and profile) (5 credits)']);
  });
});
