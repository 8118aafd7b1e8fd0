import { describe, expect, it } from 'vitest';
import { fillPlaceholders, mergeFieldsOf, unfilledPlaceholders } from './placeholders';
import { htmlToText, textToEmailHtml } from './reply-rules';

const fields = { firstname: 'Ada', lastname: 'Lovelace', companyName: 'Engines & <Co>', industry: '', identityFirstname: 'Sam', jobTitle: null };

describe('fillPlaceholders', () => {
  it.each([
    // [template, mode, text, missing]
    ['Hi {{firstname}}', 'text', 'Hi Ada', []],
    ['Hi {{firstname}} {{lastname}}, {{identityFirstname}}', 'text', 'Hi Ada Lovelace, Sam', []],
    ['Hi {{FirstName}} / {{FIRSTNAME}}', 'text', 'Hi Ada / Ada', []],
    ['Hi {{ firstname }} and {{  companyName}}', 'text', 'Hi Ada and Engines & <Co>', []],
    ['At {{companyName}}', 'html', 'At Engines &amp; &lt;Co&gt;', []],
    ['At {{companyName}}', 'text', 'At Engines & <Co>', []],
    ['Your {{industry}} team', 'text', 'Your {{industry}} team', ['{{industry}}']],
    ['As {{jobTitle}}', 'html', 'As {{jobTitle}}', ['{{jobTitle}}']],
    ['See {{meetingDay}} and {{ meetingDay }}', 'text', 'See {{meetingDay}} and {{ meetingDay }}', ['{{meetingDay}}']],
    ['{{ CompanyName }}{{unknown}}', 'text', 'Engines & <Co>{{unknown}}', ['{{unknown}}']],
    ['{{}} {{ }} {firstname} {{first name}}', 'text', '{{}} {{ }} {firstname} {{first name}}', []],
    ['', 'text', '', []],
  ] as const)('%j (%s) → %j, missing %j', (template, mode, text, missing) => {
    expect(fillPlaceholders(template, fields, mode)).toEqual({ text, missing });
  });

  it('escapes a value once it reaches email HTML, whichever way it gets there', () => {
    const filled = fillPlaceholders(htmlToText('<p>Hi {{firstname}},</p><p>{{companyName}}</p>'), fields, 'text');
    expect(textToEmailHtml(filled.text)).toBe('<p>Hi Ada,</p><p>Engines &amp; &lt;Co&gt;</p>');
  });
});

describe('unfilledPlaceholders', () => {
  it.each([
    ['Fine text', []],
    ['Fill {{companyName}} and {{ x }}', ['{{companyName}}', '{{x}}']],
  ] as const)('%j → %j', (text, missing) => {
    expect(unfilledPlaceholders(text)).toEqual(missing);
  });
});

describe('mergeFieldsOf', () => {
  it('takes the lead and the identity, drops blank fields', () => {
    expect(mergeFieldsOf({ firstname: ' Ada ', lastname: '', companyName: null, proEmail: null, persoEmail: 'a@x.example' }, { firstname: 'Sam', lastname: 'Seller' })).toEqual({
      firstname: 'Ada',
      email: 'a@x.example',
      identityFirstname: 'Sam',
      identityLastname: 'Seller',
    });
    expect(mergeFieldsOf(null, null)).toEqual({});
  });
});

describe('htmlToText', () => {
  it.each([
    ['<p>Hi {{firstname}},</p><p>Thanks &amp; <b>bye</b></p>', 'Hi {{firstname}},\n\nThanks & bye'],
    ['<p>Best,<br>{{identityFirstname}}</p>', 'Best,\n{{identityFirstname}}'],
    ['a <a href="https://example.com/c">case study</a>.', 'a case study (https://example.com/c).'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['plain', 'plain'],
  ])('%j → %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});
