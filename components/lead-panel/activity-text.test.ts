import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityItemView } from '../../lib/views';
import { useEnglish, useFrench } from '../test-i18n';
import { activityText } from './activity-text';

const item = (type: string, description: string, status?: string): ActivityItemView => ({
  id: 'log_1',
  type,
  description,
  campaignName: null,
  createdAt: 0,
  ...(status ? { status } : {}),
});

afterEach(() => useEnglish());

describe('activity text', () => {
  it("words a known log type in the user's language, not the service's English", () => {
    useFrench();
    expect(activityText(item('EMAIL_OPENED', 'Opened the first email'))).toBe('E-mail ouvert');
    expect(activityText(item('NOTE_UPDATED', 'Note updated'))).toBe('Note modifiée');
    useEnglish();
    expect(activityText(item('PRONET_MESSAGE_RECEIVED', 'Jean replied'))).toBe('Pronet reply received');
  });

  it("keeps the service's text for a type the catalogue does not know, and names a status set", () => {
    useFrench();
    expect(activityText(item('SOMETHING_NEW', 'Something new happened'))).toBe('Something new happened');
    expect(activityText(item('odd type', 'As the service says'))).toBe('As the service says');
    expect(activityText(item('STATUS_CHANGED', 'Status set to INTERESTED', 'INTERESTED'))).toMatch(/^Statut/);
  });
});
