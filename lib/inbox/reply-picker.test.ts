import { describe, expect, it } from 'vitest';
import type { ReplyTemplatesView } from '../views';
import { applyPick, fillTyped, pickerMove, pickerOffer, unfilledOfReply } from './reply-picker';

const view: ReplyTemplatesView = {
  templates: [
    { id: 't1', channel: 'PRONET', order: 0, active: true, text: 'Hi {{firstname}}, how does {{companyName}} do outreach today?', subject: '' },
    { id: 't2', channel: 'EMAIL', order: 1, active: true, text: 'Hello {{firstname}},\n\n{{identityFirstname}}', subject: 'Idea for {{companyName}}' },
    { id: 't3', channel: 'PRONET', order: 2, active: false, text: 'Last note, {{firstname}}: {{meetingLink}}', subject: '' },
  ],
  snippets: [{ id: 's1', name: 'Call', text: 'Shall we talk on {{meetingDay}}?' }],
  fields: { firstname: 'Ada', companyName: 'Analytical Engines Ltd', identityFirstname: 'Sam' },
};

describe('pickerOffer', () => {
  it('offers the steps of the channel, in order, filled in the preview, then the snippets', () => {
    const pronet = pickerOffer(view, 'PRONET');
    expect(pronet.templates.map((e) => [e.id, e.step, e.paused])).toEqual([
      ['t1', 1, false],
      ['t3', 3, true],
    ]);
    expect(pronet.templates[0]?.preview).toBe('Hi Ada, how does Analytical Engines Ltd do outreach today?');
    expect(pronet.templates[1]?.preview).toBe('Last note, Ada: {{meetingLink}}');
    expect(pronet.snippets.map((e) => [e.kind, e.name])).toEqual([['snippet', 'Call']]);
    expect(pickerOffer(view, 'EMAIL').templates.map((e) => e.id)).toEqual(['t2']);
    expect(pickerOffer(null, 'EMAIL')).toEqual({ templates: [], snippets: [] });
  });

  it('cuts a long preview to one short line', () => {
    const long = pickerOffer({ ...view, snippets: [{ id: 's', name: 'n', text: 'word '.repeat(40) }] }, 'PRONET').snippets[0]!.preview;
    expect(long.length).toBeLessThanOrEqual(70);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('applyPick', () => {
  const [t1, t3] = pickerOffer(view, 'PRONET').templates;
  const [t2] = pickerOffer(view, 'EMAIL').templates;
  const [s1] = pickerOffer(view, 'PRONET').snippets;
  const at = (text: string, start: number, end = start, subject = '', needsSubject = false) => ({ text, selection: { start, end }, subject, needsSubject });

  it.each([
    ['an empty box takes the whole template', t1!, at('', 0), 'Hi Ada, how does Analytical Engines Ltd do outreach today?'],
    ['a blank box is replaced', t1!, at('  \n', 2), 'Hi Ada, how does Analytical Engines Ltd do outreach today?'],
    ['at the caret, the text kept', s1!, at('Thanks! ', 8), 'Thanks! Shall we talk on {{meetingDay}}?'],
    ['in place of the selection', s1!, at('Thanks! XXX Bye', 8, 11), 'Thanks! Shall we talk on {{meetingDay}}? Bye'],
    ['a caret past the end goes to the end', t3!, at('P.S.', 99), 'P.S.Last note, Ada: {{meetingLink}}'],
  ] as const)('%s', (_, entry, current, text) => {
    const picked = applyPick(entry, view.fields, current);
    expect(picked.text).toBe(text);
    expect(picked.subject).toBeUndefined();
  });

  it('puts the caret after the piece, and fills a needed subject only when empty', () => {
    expect(applyPick(s1!, view.fields, at('ab', 1)).caret).toBe(1 + 'Shall we talk on {{meetingDay}}?'.length);
    expect(applyPick(t2!, view.fields, at('', 0, 0, '', true)).subject).toBe('Idea for Analytical Engines Ltd');
    expect(applyPick(t2!, view.fields, at('', 0, 0, 'Mine', true)).subject).toBeUndefined();
    expect(applyPick(t2!, view.fields, at('', 0, 0, '', false)).subject).toBeUndefined();
  });
});

describe('unfilledOfReply', () => {
  it.each([
    ['Hi Ada', null, []],
    ['Hi {{ companyName }}', null, ['{{companyName}}']],
    ['Hi', 'About {{x}}', ['{{x}}']],
  ] as const)('%j / %j → %j', (text, subject, missing) => {
    expect(unfilledOfReply(text, subject)).toEqual(missing);
  });
});

describe('pickerMove', () => {
  it.each([
    ['ArrowDown', 0, 3, 1],
    ['ArrowDown', 2, 3, 0],
    ['ArrowUp', 0, 3, 2],
    ['Home', 2, 3, 0],
    ['End', 0, 3, 2],
    ['a', 0, 3, null],
    ['ArrowDown', 0, 0, null],
  ] as const)('%s from %i of %i → %s', (key, index, count, next) => {
    expect(pickerMove(key, index, count)).toBe(next);
  });
});

describe('fillTyped', () => {
  it('fills a typed reply by the picks\' rule, its subject too; what no field fills still blocks', () => {
    expect(fillTyped('Hi {{firstname}}, {{meetingDay}}?', 'For {{companyName}}', view.fields)).toEqual({ text: 'Hi Ada, {{meetingDay}}?', subject: 'For Analytical Engines Ltd', unfilled: ['{{meetingDay}}'] });
    expect(fillTyped('Hi {{firstname}}', null, null)).toEqual({ text: 'Hi {{firstname}}', subject: null, unfilled: ['{{firstname}}'] });
  });
});
