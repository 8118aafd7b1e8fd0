// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { AudienceView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { AudiencePicker, type ChosenAudience } from './AudiencePicker';

beforeEach(() => useEnglish());
afterEach(cleanup);

function setup(create: (name: string) => { ok: true; value: AudienceView } | { ok: false; error: { code: string; reason?: string } }) {
  const audiences: AudienceView[] = [{ id: 'a1', name: 'Founders', size: 74 }];
  const send = vi.fn(async (type: string, req: { name?: string }) => {
    if (type === 'audiences') return { ok: true, value: audiences.map((a) => ({ ...a })) };
    if (type === 'campaign-audiences') return { ok: true, value: [{ id: 'c1', name: 'Q3 push', audience: 'Founders', status: 'RUNNING' }] };
    const reply = create(req.name ?? '');
    if (reply.ok) audiences.push(reply.value);
    return reply;
  });
  const chosen: (ChosenAudience | null)[] = [];
  render(<AudiencePicker messenger={{ send } as unknown as Messenger} sizesAfter="" onChoose={(a) => chosen.push(a)} />);
  const select = () => screen.getByLabelText('Audience') as HTMLSelectElement;
  const reads = () => send.mock.calls.filter(([type]) => type === 'audiences').length;
  return { send, chosen, select, reads, last: () => chosen[chosen.length - 1] };
}

async function openNew(select: () => HTMLSelectElement, name: string) {
  await waitFor(() => expect(select().disabled).toBe(false));
  const option = [...select().options].find((o) => o.textContent === 'New audience…')!;
  fireEvent.change(select(), { target: { value: option.value } });
  fireEvent.input(screen.getByLabelText('Name of the new audience'), { target: { value: name } });
}

describe('AudiencePicker: New audience…', () => {
  it('creates the audience, chooses it (size 0) and reads the list again', async () => {
    const p = setup((name) => ({ ok: true, value: { id: 'a2', name, size: 0 } }));
    await waitFor(() => expect(p.last()).toEqual({ id: 'a1', name: 'Founders' }));
    await openNew(p.select, 'Event leads');
    // Nothing is chosen while a new one is named.
    expect(p.last()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(p.last()).toEqual({ id: 'a2', name: 'Event leads' }));
    expect(p.send.mock.calls.filter(([type]) => type === 'audience-create')).toEqual([['audience-create', { name: 'Event leads' }]]);
    expect(p.select().value).toBe('a2');
    expect(p.select().selectedOptions[0]!.textContent).toBe('Event leads (0 leads)');
    await waitFor(() => expect(p.reads()).toBe(2));
    expect(screen.getByRole('status').textContent).toBe('Audience “Event leads” created, and chosen.');
  });

  it('says a name already taken before any call, and sends nothing', async () => {
    const p = setup(() => {
      throw new Error('not sent');
    });
    await openNew(p.select, ' founders ');
    expect(screen.getByText('An audience named “Founders” already exists: choose it in the list.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByLabelText('Name of the new audience').closest('form')!);
    expect(p.send.mock.calls.some(([type]) => type === 'audience-create')).toBe(false);
  });

  it('says the service’s refusal and keeps the name typed', async () => {
    const p = setup(() => ({ ok: false, error: { code: 'bad-request', reason: 'audience-name-taken' } }));
    await openNew(p.select, 'Event leads');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toContain('An audience of that name already exists.');
    expect((screen.getByLabelText('Name of the new audience') as HTMLInputElement).value).toBe('Event leads');
    expect(p.last()).toBeNull();
  });

  it('a worker that stopped before it answered: says the audience may exist, and reads the list again', async () => {
    const p = setup(() => ({ ok: false, error: { code: 'internal', reason: 'no-answer' } }));
    await waitFor(() => expect(p.reads()).toBe(1));
    await openNew(p.select, 'Event leads');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toContain('look for the audience in the list before creating it again');
    await waitFor(() => expect(p.reads()).toBe(2));
  });
});
