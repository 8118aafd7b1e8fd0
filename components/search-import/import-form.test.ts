import { describe, expect, it } from 'vitest';
import type { ImportSourceView, SearchImportView } from '../../lib/views';
import { importRequest, initialForm, progressLine, suggestedName } from './import-form';

const search: ImportSourceView = { kind: 'search', tool: 'network', keywords: 'growth', filters: [], statedCount: 47 };
const post: ImportSourceView = { kind: 'post', keywords: '', filters: [], statedCount: null };
const identities = [
  { id: 'idt_1', name: 'Sam' },
  { id: 'idt_2', name: 'Alex' },
];
const audiences = [{ id: 'aud_1', name: 'Fintech leads', size: 30 }];

describe('the import form', () => {
  it('opens on the identity used last (the first when it is gone), contacted people skipped, a new audience named for the search', () => {
    expect(initialForm(null, identities, 'idt_2', 'Search: growth')).toEqual({ category: null, identityId: 'idt_2', skipContacted: true, keepImporting: false, audienceId: '', newName: 'Search: growth' });
    expect(initialForm(null, identities, 'idt_gone', 'x').identityId).toBe('idt_1');
    expect(suggestedName(search, null, '2026-12-06')).toEqual({ key: 'importNameSearch', arg: 'growth' });
    expect(suggestedName({ ...search, keywords: '' }, null, '2026-12-06')).toEqual({ key: 'importNameAll', arg: '2026-12-06' });
    expect(suggestedName(post, 'COMMENTS', '2026-12-06')).toEqual({ key: 'importNameComments', arg: '2026-12-06' });
  });

  it('sends one request: a new audience by name, an existing one with its id and size', () => {
    const form = initialForm(null, identities, null, 'Search: growth');
    expect(importRequest(form, audiences, 7)).toEqual({ tabId: 7, audience: 'Search: growth', identityId: 'idt_1', excludeContactedLeads: true, autoImport: false });
    expect(importRequest({ ...form, audienceId: 'aud_1', keepImporting: true }, audiences, 7)).toEqual({
      tabId: 7,
      audience: 'Fintech leads',
      audienceId: 'aud_1',
      audienceSize: 30,
      identityId: 'idt_1',
      excludeContactedLeads: true,
      autoImport: true,
    });
    // A new name that is an existing audience's: that audience.
    expect(importRequest({ ...form, newName: ' fintech LEADS ' }, audiences, 7)).toMatchObject({ audienceId: 'aud_1', audienceSize: 30 });
  });

  it('a post says which of its people; nothing is sent without a name or an identity', () => {
    const form = initialForm('REACTIONS', identities, null, 'Post reactions');
    expect(importRequest(form, [], 1)).toMatchObject({ postCategory: 'REACTIONS' });
    expect(importRequest({ ...form, newName: '  ' }, [], 1)).toBeNull();
    expect(importRequest({ ...form, identityId: '' }, [], 1)).toBeNull();
  });

  it('says the progress: queued, starting, 23 of about 47, 47 imported', () => {
    const view = (v: Partial<SearchImportView>): SearchImportView => ({ id: 'i', audience: 'A', state: 'following', imported: null, expected: 47, ...v });
    expect(progressLine(view({ state: 'queued' })).key).toBe('importQueued');
    expect(progressLine(view({ state: 'sent' })).key).toBe('importStarting');
    expect(progressLine(view({ imported: 23 }))).toEqual({ key: 'importProgress', n: 23, args: [23, 47] });
    expect(progressLine(view({ imported: 23, expected: null }))).toEqual({ key: 'importProgressSoFar', n: 23, args: [23] });
    expect(progressLine(view({ state: 'done', imported: 47 }))).toEqual({ key: 'importDone', n: 47, args: [47] });
    // Stopped short of the stated count: never worded as the whole search.
    expect(progressLine(view({ state: 'done', imported: 30 }))).toEqual({ key: 'importDoneShort', n: 30, args: [30, 47] });
    expect(progressLine(view({ state: 'failed' })).key).toBe('importFailed');
  });
});
