import { describe, expect, it } from 'vitest';
import { useEnglish } from '../test-i18n';
import { audienceChoices } from './AudiencePicker';

describe('audienceChoices', () => {
  it('lists each audience once, with the names of all its campaigns, then the others', () => {
    useEnglish();
    const audiences = [
      { id: 'aud_1', name: 'Founders', size: 74 },
      { id: 'aud_2', name: 'CTOs', size: 3 },
      { id: 'aud_3', name: 'Unused', size: null },
    ];
    const campaigns = [
      { id: 'cmp_1', name: 'Spring', audience: 'Founders', status: 'RUNNING' },
      { id: 'cmp_2', name: 'Summer', audience: 'founders', status: 'READY' },
      { id: 'cmp_3', name: 'Tech', audience: 'CTOs', status: 'RUNNING' },
      { id: 'cmp_4', name: 'Spring', audience: 'Founders', status: 'PAUSED' },
    ];
    const choices = audienceChoices(audiences, campaigns);
    expect(choices.campaigns.map((c) => c.id)).toEqual(['aud_1', 'aud_2']);
    expect(choices.campaigns[0]?.label).toContain('Spring, Summer');
    expect(choices.campaigns[0]?.label).not.toContain('Spring, Summer, Spring');
    expect(choices.others.map((c) => c.id)).toEqual(['aud_3']);
  });
});
