// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItemView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { audienceInput, NoLead, TEXT_FIELD_MAX } from './NoLead';
import { nameQuery } from './FindByName';

/** The Add to audience form (Find by name has name and company fields of its own). */
const addForm = () => within(screen.getByRole('region', { name: 'Make this profile a lead' }));

beforeEach(() => useEnglish());
afterEach(cleanup);

const state = {
  kind: 'no-lead' as const,
  profileUrl: 'https://www.pronet.example/in/margaret-hamilton/',
  slug: 'margaret-hamilton',
  pending: [],
  failed: [],
};

function setup(credits = { total: 120, perishable: 20 }, page: { company?: string; jobTitle?: string; displayName?: string; slug?: string; profileUrl?: string } = {}) {
  const addToAudience = vi.fn(async () => ({ ok: true as const, value: {} as OutboxItemView }));
  const enrich = vi.fn(async () => ({ ok: true as const, value: { enrichRequestId: 'enr_1', creditsSpent: 1 } }));
  const match = { id: 'lead_m', name: 'Margaret Hamilton', company: 'Apollo Guidance', jobTitle: null, pronetUrl: null, createdAt: 0, differs: ['company' as const, 'no-url' as const] };
  const findByName = vi.fn(async () => ({ ok: true as const, value: { matches: [match], tooManyResults: false } }));
  const link = vi.fn(async () => {});
  render(
    <NoLead
      state={{ ...state, ...page }}
      loadAudiences={async () => ({ ok: true, value: [{ id: 'aud_1', name: 'Sales leaders EU', size: 135 }] })}
      loadCredits={async () => ({ ok: true, value: credits })}
      addToAudience={addToAudience}
      enrich={enrich}
      onRetry={() => {}}
      onDiscard={() => {}}
      findByName={findByName}
      link={link}
      loadCrm={async () => ({ ok: true, value: { connected: [], records: [], matchedBy: null, tried: [], readAt: 0 } })}
    />,
  );
  return { addToAudience, enrich, findByName, link };
}

describe('audienceInput', () => {
  it('trims, collapses and bounds every field, and leaves out the empty ones', () => {
    expect(audienceInput('Pioneers', { firstname: ' Margaret ', lastname: '', companyName: '  NASA \n MIT ', jobTitle: 'x'.repeat(300) })).toEqual({
      audience: 'Pioneers',
      firstname: 'Margaret',
      companyName: 'NASA MIT',
      jobTitle: 'x'.repeat(TEXT_FIELD_MAX),
    });
    expect(audienceInput('Pioneers', { firstname: ' ', lastname: '', companyName: '', jobTitle: '\t' })).toEqual({ audience: 'Pioneers' });
  });
});

describe('NoLead', () => {
  it('suggests the company and job title the page shows; sends them, as edited, only on Add to audience', async () => {
    const { addToAudience, enrich } = setup(undefined, { company: 'Hamilton Technologies', jobTitle: 'Founder & CEO' });
    await screen.findByRole('option', { name: 'Sales leaders EU (135 leads)' });
    expect((addForm().getByLabelText('Company') as HTMLInputElement).value).toBe('Hamilton Technologies');
    expect((screen.getByLabelText('Job title') as HTMLInputElement).value).toBe('Founder & CEO');
    expect((screen.getByLabelText('Job title') as HTMLInputElement).maxLength).toBe(TEXT_FIELD_MAX);
    fireEvent.input(screen.getByLabelText('Job title'), { target: { value: ' Director of Software Engineering ' } });
    expect(addToAudience).not.toHaveBeenCalled();
    expect(enrich).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Add to audience' }));
    await waitFor(() =>
      expect(addToAudience).toHaveBeenCalledWith({
        audience: 'Sales leaders EU',
        firstname: 'Margaret',
        lastname: 'Hamilton',
        companyName: 'Hamilton Technologies',
        jobTitle: 'Director of Software Engineering',
      }),
    );
  });

  it('refused because storage failed: says only that it was not done (the storage notice above says why)', async () => {
    const { addToAudience } = setup(undefined, { company: 'Hamilton Technologies' });
    addToAudience.mockResolvedValueOnce({ ok: false, error: { code: 'storage', reason: 'corrupt' } } as never);
    await screen.findByRole('option', { name: 'Sales leaders EU (135 leads)' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to audience' }));
    await screen.findByText(/^Not done: changes can't be kept/);
    expect(screen.queryByText(/saved data can't be opened/)).toBeNull();
  });

  it('a company the user empties is not sent', async () => {
    const { addToAudience } = setup(undefined, { company: 'Hamilton Technologies' });
    await screen.findByRole('option', { name: 'Sales leaders EU (135 leads)' });
    fireEvent.input(addForm().getByLabelText('Company'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to audience' }));
    await waitFor(() => expect(addToAudience).toHaveBeenCalledWith({ audience: 'Sales leaders EU', firstname: 'Margaret', lastname: 'Hamilton' }));
  });

  it('adds the profile to the chosen audience with the names shown', async () => {
    const { addToAudience } = setup();
    await screen.findByRole('option', { name: 'Sales leaders EU (135 leads)' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to audience' }));
    await waitFor(() => expect(addToAudience).toHaveBeenCalledWith({ audience: 'Sales leaders EU', firstname: 'Margaret', lastname: 'Hamilton' }));
  });

  it('creates a new audience by name', async () => {
    const { addToAudience } = setup();
    await screen.findByRole('option', { name: 'Sales leaders EU (135 leads)' });
    fireEvent.change(screen.getByLabelText('Audience'), { target: { value: '\u0000new' } });
    fireEvent.input(screen.getByLabelText('Name of the new audience'), { target: { value: 'Apollo alumni' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to audience' }));
    await waitFor(() => expect(addToAudience).toHaveBeenCalledWith(expect.objectContaining({ audience: 'Apollo alumni' })));
  });

  it('Find by name: prefilled from the page, sent only on the press with the words as edited; a possible match says what differs and links', async () => {
    const { findByName, link } = setup();
    const find = screen.getByRole('region', { name: 'Find by name' });
    const first = find.querySelector<HTMLInputElement>('#find-first')!;
    expect(first.value).toBe('Margaret');
    expect(find.querySelector<HTMLInputElement>('#find-company')!.value).toBe('');
    const button = screen.getByRole('button', { name: 'Find by name' }) as HTMLButtonElement;
    // No company: nothing to send yet.
    expect(button.disabled).toBe(true);
    fireEvent.input(find.querySelector('#find-company')!, { target: { value: '  Apollo Guidance ' } });
    expect(findByName).not.toHaveBeenCalled();
    fireEvent.click(button);
    await waitFor(() => expect(findByName).toHaveBeenCalledWith({ firstname: 'Margaret', lastname: 'Hamilton', companyName: 'Apollo Guidance' }));
    expect(await screen.findByText('Another company · No profile URL on the lead')).toBeTruthy();
    expect(screen.getByText('Possible match')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Link Margaret Hamilton (Apollo Guidance)' }));
    await waitFor(() => expect(link).toHaveBeenCalledWith(expect.objectContaining({ id: 'lead_m' })));
  });

  it('one reading for both forms: the slug without its id suffix, never a last name of digits (issue 24)', () => {
    setup(undefined, { slug: 'eva-keller-2bd4ef', profileUrl: 'https://www.pronet.example/in/eva-keller-2bd4ef/' });
    const find = within(screen.getByRole('region', { name: 'Find by name' }));
    expect([find.getByLabelText('First name'), find.getByLabelText('Last name')].map((i) => (i as HTMLInputElement).value)).toEqual(['Eva', 'Keller']);
    expect([addForm().getByLabelText('First name'), addForm().getByLabelText('Last name')].map((i) => (i as HTMLInputElement).value)).toEqual(['Eva', 'Keller']);
  });

  it('says which field the page did not show, lets the user type it, and enables Find by name once the service has what it needs', () => {
    const { findByName } = setup(undefined, { displayName: 'Eva Keller', slug: 'eva-keller-2bd4ef', profileUrl: 'https://www.pronet.example/in/eva-keller-2bd4ef/' });
    const find = within(screen.getByRole('region', { name: 'Find by name' }));
    const company = find.getByLabelText('Company') as HTMLInputElement;
    expect(company.getAttribute('aria-describedby')).toBe('find-company-unread');
    expect(find.getByText('Not found on this page: type it.')).toBeTruthy();
    // The names were read: no hint under them.
    expect(find.getByLabelText('First name').getAttribute('aria-describedby')).toBeNull();
    expect(addForm().getByLabelText('Company').getAttribute('aria-describedby')).toBe('lead-company-unread');
    const button = find.getByRole('button', { name: 'Find by name' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.input(company, { target: { value: 'Hyrule Labs' } });
    expect(button.disabled).toBe(false);
    expect(find.queryByText('Not found on this page: type it.')).toBeNull();
    expect(findByName).not.toHaveBeenCalled();
  });

  it('bounds what the page suggests', () => {
    expect(nameQuery(' a ', 'b', 'x'.repeat(500))).toEqual({ firstname: 'a', lastname: 'b', companyName: 'x'.repeat(200) });
    expect(nameQuery('a', ' ', 'c')).toBeNull();
  });

  it('shows the credit balance before Enrich, and no Enrich without credits', async () => {
    setup({ total: 0, perishable: 0 });
    expect(await screen.findByText('0 credits')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enrich' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
