/**
 * The "Import all N results" form's model (issue 43): what it starts with, whether it can be
 * confirmed, the one request it sends, and how an import's progress is said. Pure, for tests.
 */
import type { PayloadOf } from '../../lib/messages';
import type { AudienceView, IdentityView, ImportSourceView, PostCategory, SearchImportView } from '../../lib/views';

export interface ImportForm {
  /** On a post: which of its people. */
  category: PostCategory | null;
  identityId: string;
  skipContacted: boolean;
  keepImporting: boolean;
  /** An existing audience's id, or '' for a new one named `newName`. */
  audienceId: string;
  newName: string;
}

/** A new audience's name (a catalogue key and its word): the search's words, or the date for a search of everyone or a post. */
export function suggestedName(source: ImportSourceView, category: PostCategory | null, today: string): { key: 'importNameSearch' | 'importNameAll' | 'importNameReactions' | 'importNameComments'; arg: string } {
  if (source.kind === 'post') return { key: category === 'COMMENTS' ? 'importNameComments' : 'importNameReactions', arg: today };
  return source.keywords ? { key: 'importNameSearch', arg: source.keywords } : { key: 'importNameAll', arg: today };
}

/**
 * The form as it opens: the identity used last (when it is still the workspace's), else the first;
 * people already contacted skipped; no automatic import of later results; a new audience named for
 * the search.
 */
export function initialForm(category: PostCategory | null, identities: readonly IdentityView[], lastIdentityId: string | null, newName: string): ImportForm {
  const identityId = identities.find((i) => i.id === lastIdentityId)?.id ?? identities[0]?.id ?? '';
  return { category, identityId, skipContacted: true, keepImporting: false, audienceId: '', newName };
}

/** The one request the confirm sends, or null while the form is incomplete. */
export function importRequest(form: ImportForm, audiences: readonly AudienceView[], tabId: number): PayloadOf<'this-page-import'> | null {
  if (!form.identityId) return null;
  const picked = form.audienceId ? audiences.find((a) => a.id === form.audienceId) : undefined;
  const name = picked?.name ?? form.newName.trim();
  if (!name) return null;
  // A new name that is an existing audience's is that audience (the service names audiences by name).
  const existing = picked ?? audiences.find((a) => a.name.trim().toLowerCase() === name.toLowerCase());
  return {
    tabId,
    audience: name,
    ...(existing ? { audienceId: existing.id, audienceSize: existing.size } : {}),
    identityId: form.identityId,
    ...(form.category ? { postCategory: form.category } : {}),
    excludeContactedLeads: form.skipContacted,
    autoImport: form.keepImporting,
  };
}

/** An import's line, as a catalogue key and its arguments. */
export function progressLine(view: SearchImportView): { key: 'importQueued' | 'importStarting' | 'importProgress' | 'importProgressSoFar' | 'importDone' | 'importDoneShort' | 'importFailed'; n: number; args: number[] } {
  const imported = view.imported ?? 0;
  switch (view.state) {
    case 'queued':
      return { key: 'importQueued', n: 0, args: [] };
    case 'failed':
      return { key: 'importFailed', n: 0, args: [] };
    case 'done':
      // Stopped growing short of the count the page stated: said so, not as the whole search.
      if (view.expected !== null && imported < view.expected) return { key: 'importDoneShort', n: imported, args: [imported, view.expected] };
      return { key: 'importDone', n: imported, args: [imported] };
    default:
      if (view.imported === null || imported === 0) return { key: 'importStarting', n: 0, args: [] };
      return view.expected !== null ? { key: 'importProgress', n: imported, args: [imported, view.expected] } : { key: 'importProgressSoFar', n: imported, args: [imported] };
  }
}
