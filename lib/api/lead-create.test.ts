import { describe, expect, it } from 'vitest';
import { createLeadAnswer } from './lead-create';

describe('createLeadAnswer', () => {
  it.each([
    ['Lead created in audience Pioneers.', { created: true, joined: true }],
    ['Lead created.', { created: true, joined: true }],
    ['Lead merged (filled jobTitle), added to audience Pioneers.', { created: false, joined: true }],
    ['Lead merged (nothing to fill).', { created: false, joined: false }],
    ['Lead merged (filled companyName).', { created: false, joined: false }],
    ['', {}],
    [undefined, {}],
    ['OK', {}],
  ])('%j → %j', (message, answer) => {
    expect(createLeadAnswer(message)).toEqual(answer);
  });
});
