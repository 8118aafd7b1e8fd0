/** One person of "This page": checkbox, name, headline and company (editable inline), badge, result. */
import { useState } from 'preact/hooks';
import { profileSlug } from '../../lib/pronet/canonical-url';
import { nameFromSlug } from '../../lib/pronet/person-name';
import type { PagePersonFacts, PagePersonView, PersonResult } from '../../lib/views';
import { errorText } from '../error-text';
import { t, type MessageKey } from '../i18n';
import { badgeContent } from '../list-badge/list-badge';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Pill, type PillTone } from '../ui/Pill';
import { addable, factsOf, type Selection } from './selection';

const RESULT: Record<PersonResult, { key: MessageKey; tone: PillTone }> = {
  queued: { key: 'thisPageResultQueued', tone: 'neutral' },
  added: { key: 'thisPageResultAdded', tone: 'ok' },
  already: { key: 'thisPageResultAlready', tone: 'accent' },
  refused: { key: 'thisPageResultRefused', tone: 'danger' },
  removed: { key: 'thisPageResultRemoved', tone: 'neutral' },
  skipped: { key: 'thisPageResultSkipped', tone: 'neutral' },
};

const BADGE_TONE: Record<string, PillTone> = { open: 'open', snoozed: 'snoozed', archived: 'archived', neutral: 'accent', none: 'neutral' };

export interface PersonRowProps {
  person: PagePersonView;
  selection: Selection;
  checked: boolean;
  onCheck(on: boolean): void;
  onEdit(facts: PagePersonFacts): void;
}

export function PersonRow({ person, selection, checked, onCheck, onEdit }: PersonRowProps) {
  const [editing, setEditing] = useState(false);
  const facts = factsOf(selection, person);
  const shownName = facts.name || nameFromSlug(profileSlug(person.profileUrl) ?? '') || person.profileUrl;
  const id = `person-${person.profileUrl.replace(/[^a-z0-9]+/gi, '-')}`;
  const badge = person.badge ? badgeContent(person.badge, facts.name) : null;
  const canAdd = addable(person);
  const field = (key: keyof PagePersonFacts, label: MessageKey) => (
    <label class="this-page-edit-field">
      <span class="field-label">{t(label)}</span>
      <input class="input" value={facts[key] ?? ''} maxLength={200} onInput={(e) => onEdit({ ...facts, [key]: e.currentTarget.value })} />
    </label>
  );
  return (
    <li class={`this-page-person${checked ? ' is-checked' : ''}`}>
      <input id={id} type="checkbox" class="checkbox" checked={checked} disabled={!canAdd} onChange={(e) => onCheck(e.currentTarget.checked)} aria-label={t('thisPagePick', shownName)} />
      <div class="this-page-person-text">
        <label for={id} class={shownName === person.profileUrl ? 'this-page-person-name this-page-person-url' : 'this-page-person-name'}>
          {shownName}
        </label>
        {facts.title || facts.company ? <div class="muted small">{[facts.title, facts.company].filter(Boolean).join(' · ')}</div> : null}
        {editing ? (
          <div class="this-page-edit stack">
            {field('name', 'thisPageName')}
            {field('title', 'thisPageHeadline')}
            {field('company', 'thisPageCompany')}
            <Button size="sm" onClick={() => setEditing(false)}>
              {t('thisPageEditDone')}
            </Button>
          </div>
        ) : null}
        {person.error && person.result === 'refused' ? <ErrorMessage class="small" text={errorText(person.error)} /> : null}
      </div>
      <div class="this-page-person-state">
        {person.result ? (
          <Pill tone={RESULT[person.result].tone} dot>
            {t(RESULT[person.result].key)}
          </Pill>
        ) : badge ? (
          <Pill tone={BADGE_TONE[badge.tone] ?? 'neutral'} title={badge.label}>
            {badge.text}
          </Pill>
        ) : (
          <Pill>{t('thisPageUnknown')}</Pill>
        )}
        {canAdd && !editing ? (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={t('thisPageEdit', shownName)}>
            {t('thisPageEditShort')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
