// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PagePersonView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { PersonRow } from './PersonRow';
import { EMPTY_SELECTION } from './selection';

beforeEach(() => useEnglish());
afterEach(cleanup);

const profileUrl = 'https://www.pronet.example/in/jo-doe/';
const person: PagePersonView = { profileUrl, name: 'Jo Doe', title: 'CTO at Acme | speaker', company: 'Acme', badge: { profileUrl, kind: 'no-lead', leads: 1, more: 0 } };

describe('PersonRow: the row’s second line is the headline (issue 43)', () => {
  it('its edit names it Headline, never a job title', () => {
    render(<PersonRow person={person} selection={EMPTY_SELECTION} checked onCheck={() => {}} onEdit={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /Jo Doe/ }));
    expect((screen.getByLabelText('Headline (not sent as a job title)') as HTMLInputElement).value).toBe('CTO at Acme | speaker');
    expect(screen.queryByLabelText(/job title$/i)).toBeNull();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
