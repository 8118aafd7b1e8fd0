/**
 * Text of the seed: campaign names, message templates (with merge placeholders) and the bodies of
 * conversation messages. A few bodies carry HTML, harmless (`<b>`, `<a>`) and hostile (an `onerror`
 * image, a `<script>`), so that every surface showing messages must sanitise them.
 */
import type { MessageTemplateRecord } from '../model';
import { fillPlaceholders as fillMergeFields } from '../../lib/inbox/placeholders';
import type { Rng } from './prng';

export const CAMPAIGN_THEMES = [
  'CFOs in Benelux', 'Heads of Sales — DACH', 'Series A founders', 'Webinar follow-up: data teams',
  'Trade show leads — Lyon', 'Procurement leaders', 'Customer success managers', 'HR directors — Nordics',
  'E-commerce growth', 'Logistics operators', 'Healthcare IT buyers', 'Marketing agencies',
  'Fintech partnerships', 'Renewable energy developers', 'University partnerships', 'Former customers win-back',
  'Product-led startups', 'Retail chains — Iberia', 'Security officers', 'Manufacturing plant managers',
  'Real estate networks', 'Telecom resellers', 'Consulting partners', 'Event organisers',
  'Biotech founders', 'Media producers', 'Freight forwarders', 'Insurance brokers',
  'Newsletter readers', 'Podcast guests',
] as const;

export const LANGUAGES = ['English', 'English', 'English', 'French', 'German', 'Spanish'] as const;

export const AUDIENCE_NAMES = [
  'Sales leaders EU', 'Finance decision makers', 'Founders 2025', 'Webinar attendees',
  'Trade show scans', 'Ops & logistics', 'Healthcare buyers', 'Agency owners',
  'Partners shortlist', 'Win-back list', 'Speakers & podcasters', 'Nordic HR',
] as const;

const PRONET_INITIAL = [
  '<p>Hi {{firstname}}, I came across your work at {{companyName}} and would love to connect.</p>',
  '<p>Hello {{firstname}}! We both work around {{industry}}; happy to add you to my network.</p>',
  '<p>Hi {{firstname}}, your profile came up while I was researching {{companyName}}. Shall we connect?</p>',
];
const PRONET_FOLLOW_UP = [
  '<p>Thanks for connecting, {{firstname}}! Quick question: how does {{companyName}} handle outreach today?</p><p>{{identityFirstname}}</p>',
  '<p>Hi {{firstname}}, following up in case this got buried. Would a 15-minute call next week make sense?</p>',
  '<p>{{firstname}}, last note from me: here is a <a href="https://example.com/case-study">short case study</a> that might interest {{companyName}}.</p>',
];
const EMAIL_SUBJECTS = [
  'Quick idea for {{companyName}}',
  '{{firstname}}, 15 minutes next week?',
  'Outreach at {{companyName}}',
  'An idea for your {{industry}} team',
];
const EMAIL_BODIES = [
  '<p>Hi {{firstname}},</p><p>I noticed {{companyName}} is growing its team. We help companies like yours book more meetings <b>without</b> adding headcount.</p><p>Worth a chat?</p><p>{{identityFirstname}}</p>',
  '<p>Hello {{firstname}},</p><p>Following up on my previous email. Would Tuesday or Thursday work for a short call?</p><p>Best,<br>{{identityFirstname}}</p>',
  '<p>Hi {{firstname}},</p><p>I will stop here. If timing is better later this year, just reply to this email.</p><p>{{identityFirstname}}</p>',
];
const MICROBLOG_BODIES = ['Thanks for sharing this, {{firstname}}!', 'Great thread on {{industry}}, {{firstname}}.'];

export interface SequenceShape {
  pronetSteps: number;
  emailSteps: number;
  microblog: boolean;
}

/** The message templates of a campaign: its sequence, numbered from 0, INITIAL first. */
export function campaignTemplates(rng: Rng, nextId: () => string, shape: SequenceShape): MessageTemplateRecord[] {
  const out: MessageTemplateRecord[] = [];
  const push = (channel: string, contentHtml: string, subjectHtml: string): void => {
    out.push({
      id: nextId(),
      type: out.length === 0 ? 'INITIAL' : 'FOLLOW_UP',
      channel,
      contentHtml,
      subjectHtml,
      order: out.length,
      // A paused step now and then, as users do.
      active: out.length === 0 || !rng.chance(0.08),
    });
  };
  // The last step of a channel is its polite "last note"; the middle ones repeat the nudge.
  const stepText = (texts: readonly string[], i: number, steps: number): string =>
    (i === steps - 1 ? texts[texts.length - 1] : texts[Math.min(i, texts.length - 2)]) as string;
  for (let i = 0; i < shape.pronetSteps; i++) {
    push('PRONET', i === 0 ? rng.pick(PRONET_INITIAL) : stepText(PRONET_FOLLOW_UP, i - 1, shape.pronetSteps - 1), '');
  }
  const subject = rng.pick(EMAIL_SUBJECTS);
  for (let i = 0; i < shape.emailSteps; i++) {
    push('EMAIL', stepText(EMAIL_BODIES, i, shape.emailSteps), i === 0 ? subject : `Re: ${subject}`);
  }
  if (shape.microblog) push('MICROBLOG', rng.pick(MICROBLOG_BODIES), '');
  return out;
}

export interface MergeFields {
  firstname: string;
  lastname: string;
  companyName: string;
  industry: string;
  identityFirstname: string;
}

/** Fills `{{placeholder}}` merge fields as the service does when it sends a step (the companion's rule). */
export function fillPlaceholders(html: string, fields: MergeFields): string {
  return fillMergeFields(html, { ...fields }, 'html').text;
}

/** Replies of leads; some plain text, some with markup as mail clients produce it. */
export const LEAD_REPLIES = [
  'Thanks for reaching out! Can you send me more details?',
  'Not the right time for us, maybe next quarter.',
  'Interesting. Who else in our industry works with you?',
  '<p>Hi,</p><p>Sure, <b>Thursday 10am</b> works for me.</p>',
  'We already have a tool for this, thanks.',
  'Please remove me from your list.',
  '<div>Happy to chat. My assistant will send an invite.</div><div><br></div><div>-- <br>Sent from my phone</div>',
  'Could you share pricing?',
  'I am out of office until next Monday, I will get back to you then.',
  'Sounds good, let us talk next week 🙂',
  '👍',
  '<p>Forwarding to my colleague who owns this topic.</p>',
];

/** Answers of the sending member after a reply. */
export const MEMBER_ANSWERS = [
  'Great, I just sent you a calendar invite.',
  'Thanks! Here is a one-pager with the details.',
  'Understood, I will follow up next quarter.',
  '<p>Thanks for the quick answer! Pricing starts at <b>€49 per seat</b>, happy to walk you through it.</p>',
  'Noted, I removed you from the sequence. Sorry for the noise.',
];

/** Hostile bodies: the seed keeps them so that sanitising is exercised, never trusted. */
export const HOSTILE_REPLIES = [
  'Sure, here is my calendar: <img src=x onerror=alert(1)> see you then!',
  '<p>Thanks!</p><script>alert(document.cookie)</script><p>Talk soon.</p>',
];

export const NOTE_SNIPPETS = [
  'Met at the Lyon trade show. Interested in the API, call back in two weeks.',
  'Decision maker is the CFO; she is only the champion.',
  'Budget approved for Q3. Send the proposal.',
  'Prefers email over pronet messages.',
  'Asked for a reference customer in logistics.',
  'Wrong timing, re-contact after the summer.',
];
