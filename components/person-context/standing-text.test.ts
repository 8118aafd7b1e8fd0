import { describe, expect, it } from 'vitest';
import { useEnglish, useFrench } from '../test-i18n';
import { crmMatchText, emailText, pronetText, todoText } from './standing-text';

describe('the campaign item in words', () => {
  it('says only what happened, once as once, in English', () => {
    useEnglish();
    expect(emailText({ sent: 3, opened: 3, clicked: 1, replied: 0 })).toBe('sent 3 times, opened 3 times, clicked once');
    expect(emailText({ sent: 0, opened: 0, clicked: 0, replied: 0 })).toBeNull();
    expect(pronetText({ visits: 1, messages: 2, voice: 0, replied: 1 })).toBe('profile visited once, 2 messages, replied once');
    expect(todoText(['TO_CALL', 'TO_QUALIFY'])).toBe('Call, qualify');
    expect(todoText([])).toBeNull();
    expect(crmMatchText('name')).toMatch(/same person/);
  });

  it('in French', () => {
    useFrench();
    expect(emailText({ sent: 2, opened: 1, clicked: 0, replied: 1 })).toBe('envoyé 2 fois, ouvert une fois, répondu une fois');
    expect(pronetText({ visits: 0, messages: 1, voice: 2, replied: 0 })).toBe('1 message, 2 messages vocaux');
    expect(todoText(['TO_REVIEW'])).toBe('Examiner');
  });
});
