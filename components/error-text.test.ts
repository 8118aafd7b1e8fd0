import { afterEach, describe, expect, it } from 'vitest';
import en from '../public/_locales/en/messages.json';
import fr from '../public/_locales/fr/messages.json';
import { ERROR_REASON_CODE, ErrorCode, ErrorReason } from '../lib/views';
import { actionErrorText, errorKey, errorText, OFFLINE_AT_KEYS, RATE_LIMITED_UNTIL_KEY, thrownText, type ErrorWording } from './error-text';
import { formatTime } from './format';
import type { Catalog } from './i18n';
import { useEnglish, useFrench } from './test-i18n';

const catalogues: [string, Catalog][] = [
  ['en', en as Catalog],
  ['fr', fr as Catalog],
];

/** Every key the wording can ask for, derived from the protocol's enums (not a hand-written list). */
function wordingKeys(): string[] {
  const codes = ErrorCode.options.map((code) => errorKey(code));
  const reasons = ErrorReason.options.map((reason) => errorKey(ERROR_REASON_CODE[reason], reason));
  return [...codes, ...reasons, RATE_LIMITED_UNTIL_KEY, OFFLINE_AT_KEYS.plain, OFFLINE_AT_KEYS.timeout];
}

const placeholdersOf = (text: string) => [...text.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  it.each(catalogues)('%s words every error code and every reason the background can give', (_lang, catalogue) => {
    const missing = wordingKeys().filter((key) => !catalogue[key]?.message.trim());
    expect(missing).toEqual([]);
  });

  it('gives every reason a key of its own', () => {
    const keys = wordingKeys();
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('holds no error sentence that nothing asks for', () => {
    const used = new Set(wordingKeys());
    for (const [, catalogue] of catalogues) expect(Object.keys(catalogue).filter((k) => k.startsWith('error_') && !used.has(k))).toEqual([]);
  });

  it('has the same keys in French as in English, with the same placeholders', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    const english = en as Catalog;
    const french = fr as Catalog;
    for (const key of Object.keys(english)) {
      expect(placeholdersOf(french[key]!.message), key).toEqual(placeholdersOf(english[key]!.message));
      for (const name of placeholdersOf(english[key]!.message)) expect(french[key]!.placeholders?.[name!], `${key}: $${name}$`).toBeDefined();
    }
  });

  it.each(catalogues)('%s names the pending and failed changes the same in the panel and the options', (_lang, catalogue) => {
    expect(catalogue.outboxTitle?.message).toBe(catalogue.sectionOutbox?.message);
  });

  it('uses only the characters browsers accept in message names', () => {
    for (const [, catalogue] of catalogues) expect(Object.keys(catalogue).filter((k) => !/^[A-Za-z0-9_@]+$/.test(k))).toEqual([]);
  });
});

describe('errorText', () => {
  afterEach(() => useEnglish());

  const RETRY_AT = Date.UTC(2025, 2, 14, 9, 30);

  it.each<[string, ErrorWording, { sentence: string; detail?: string }]>([
    ['unreachable', { code: 'offline' }, { sentence: "The service can't be reached. Check your connection." }],
    ['a timeout', { code: 'offline', reason: 'timeout' }, { sentence: 'The service did not answer in time.' }],
    ['an unknown key', { code: 'bad-key', detail: 'Unknown API key.', status: 401 }, { sentence: 'The service does not accept this API key.', detail: 'Unknown API key.' }],
    [
      'a plan without the API',
      { code: 'bad-key', reason: 'plan', detail: 'API access needs the Pro plan.', status: 403 },
      { sentence: "Your workspace's plan does not include API access.", detail: 'API access needs the Pro plan.' },
    ],
    ['a refusal', { code: 'rejected', detail: 'Not enough credits.', status: 402 }, { sentence: 'The service refused the request.', detail: 'Not enough credits.' }],
    ['a failing service', { code: 'server', detail: 'Boom', status: 503 }, { sentence: 'The service ran into a problem. Try again in a moment.', detail: 'Boom' }],
    [
      'a malformed answer',
      { code: 'malformed', detail: 'searchLeads returned an unexpected response at lead.id' },
      { sentence: 'The service sent an answer the extension does not understand.', detail: 'searchLeads returned an unexpected response at lead.id' },
    ],
    ['a rate limit without an end', { code: 'rate-limited', status: 429 }, { sentence: 'The service asked for a pause: the extension will try again shortly.' }],
    ['nothing to append', { code: 'bad-request', reason: 'nothing-to-append' }, { sentence: 'There is nothing to append.' }],
    ['a snooze in the past', { code: 'bad-request', reason: 'snooze-in-past' }, { sentence: 'The snooze date must be in the future.' }],
    ['an invalid request', { code: 'bad-request', detail: 'archive: conversationId: Too small' }, { sentence: 'The extension could not handle this request.', detail: 'archive: conversationId: Too small' }],
    ['a gone outbox item', { code: 'not-found', reason: 'outbox-item-gone' }, { sentence: 'This change is no longer waiting to be sent.' }],
    [
      'a missing permission',
      { code: 'permission-required', subject: 'https://api.example.com' },
      { sentence: 'The extension needs your permission to reach https://api.example.com. Grant it, then save again.' },
    ],
    ['no key', { code: 'no-key' }, { sentence: 'No API key is set. Add it in the settings.' }],
    ['a silent extension', { code: 'internal', reason: 'no-answer', detail: 'Could not establish connection.' }, { sentence: 'The extension did not answer. Reload the page and try again.', detail: 'Could not establish connection.' }],
    ['a reason of another code', { code: 'rejected', reason: 'timeout', detail: 'x' }, { sentence: 'The service refused the request.', detail: 'x' }],
    ['a blank detail', { code: 'not-found', detail: '  ' }, { sentence: 'The service could not find what was asked for.' }],
  ])('words %s in English', (_name, view, expected) => {
    useEnglish();
    expect(errorText(view)).toEqual(expected);
  });

  it('names the end of a rate limit in the UI locale', () => {
    useEnglish('en-GB');
    expect(errorText({ code: 'rate-limited', retryAt: RETRY_AT })).toEqual({
      sentence: `The service asked for a pause until ${formatTime(RETRY_AT, 'en-GB')}: the extension will try again then.`,
    });
    useFrench('fr-FR');
    expect(errorText({ code: 'rate-limited', retryAt: RETRY_AT }).sentence).toBe(
      `Le service demande une pause jusqu'à ${formatTime(RETRY_AT, 'fr-FR')} : l'extension réessaiera à ce moment-là.`,
    );
  });

  it.each<[string, ErrorWording, { sentence: string; detail?: string }]>([
    ['an unknown key', { code: 'bad-key', detail: 'Unknown API key.' }, { sentence: "Le service n'accepte pas cette clé d'API.", detail: 'Unknown API key.' }],
    ['unreachable', { code: 'offline' }, { sentence: 'Le service est injoignable. Vérifiez votre connexion.' }],
    ['a refusal', { code: 'rejected', detail: 'Not enough credits.' }, { sentence: 'Le service a refusé la demande.', detail: 'Not enough credits.' }],
    ['a change being sent', { code: 'bad-request', reason: 'being-sent' }, { sentence: "Cette modification est en cours d'envoi : elle ne peut être abandonnée que si elle échoue." }],
    [
      'a missing permission',
      { code: 'permission-required', subject: 'https://api.example.com' },
      { sentence: "L'extension a besoin de votre autorisation pour accéder à https://api.example.com. Accordez-la, puis enregistrez à nouveau." },
    ],
  ])('words %s in French, the service words kept as they are', (_name, view, expected) => {
    useFrench();
    expect(errorText(view)).toEqual(expected);
  });

  it('words a failure thrown in the page as internal, with what was thrown as the detail', () => {
    useEnglish();
    expect(thrownText(new Error('permissions API gone'))).toEqual({ sentence: 'Something went wrong in the extension.', detail: 'permissions API gone' });
  });
});

describe('actionErrorText', () => {
  afterEach(() => useEnglish());

  it('says only "not done" for an action refused because storage failed: the storage notice says why, once', () => {
    useEnglish();
    for (const reason of [undefined, 'quota', 'blocked', 'corrupt'] as const) {
      const view: ErrorWording = { code: 'storage', ...(reason ? { reason } : {}) };
      const text = actionErrorText(view);
      expect(text.sentence).toMatch(/^Not done/);
      expect(text.sentence).not.toBe(errorText(view).sentence);
    }
    useFrench();
    expect(actionErrorText({ code: 'storage', reason: 'corrupt' }).sentence).toMatch(/^Rien n'a été fait/);
  });

  it('words every other error as errorText does', () => {
    useEnglish();
    expect(actionErrorText({ code: 'offline' })).toEqual(errorText({ code: 'offline' }));
    expect(actionErrorText({ code: 'not-found', detail: 'gone' })).toEqual(errorText({ code: 'not-found', detail: 'gone' }));
  });
});
