import { describe, expect, it } from 'vitest';
import { conversationWebAppUrl, parseWebAppUrl } from './web-app-link';

describe('parseWebAppUrl', () => {
  it.each([
    ['', { ok: true, value: '' }],
    ['   ', { ok: true, value: '' }],
    ['https://app.outreach.example', { ok: true, value: 'https://app.outreach.example' }],
    ['https://app.outreach.example/', { ok: true, value: 'https://app.outreach.example' }],
    [' https://app.outreach.example/w/acme// ', { ok: true, value: 'https://app.outreach.example/w/acme' }],
    ['http://127.0.0.1:8787', { ok: true, value: 'http://127.0.0.1:8787' }],
    ['http://localhost:3000/', { ok: true, value: 'http://localhost:3000' }],
    ['http://app.localhost', { ok: true, value: 'http://app.localhost' }],
    ['http://[::1]:8787', { ok: true, value: 'http://[::1]:8787' }],
    ['https://app.outreach.example/c/{conversationId}/view', { ok: true, value: 'https://app.outreach.example/c/{conversationId}/view' }],
    ['http://app.outreach.example', { ok: false, reason: 'scheme' }],
    ['http://127.0.0.2', { ok: false, reason: 'scheme' }],
    ['javascript:alert(1)', { ok: false, reason: 'scheme' }],
    ['ftp://app.outreach.example', { ok: false, reason: 'scheme' }],
    ['app.outreach.example', { ok: false, reason: 'invalid' }],
    ['https://user:pw@app.outreach.example', { ok: false, reason: 'credentials' }],
    ['https://app.outreach.example/?apikey=secret', { ok: false, reason: 'extra' }],
    ['https://app.outreach.example/#token', { ok: false, reason: 'extra' }],
    ['https://app.outreach.example/inbox?c={conversationId}', { ok: false, reason: 'extra' }],
  ])('%j', (typed, expected) => {
    expect(parseWebAppUrl(typed)).toEqual(expected);
  });
});

describe('conversationWebAppUrl', () => {
  it.each([
    ['', 'conv_1', null],
    ['https://app.outreach.example', 'conv_1', 'https://app.outreach.example/inbox/conv_1'],
    ['https://app.outreach.example/', 'conv_1', 'https://app.outreach.example/inbox/conv_1'],
    ['http://127.0.0.1:8787', 'conv_1', 'http://127.0.0.1:8787/inbox/conv_1'],
    ['https://app.outreach.example/w/acme', 'a/b?c#d', 'https://app.outreach.example/w/acme/inbox/a%2Fb%3Fc%23d'],
    ['https://app.outreach.example/c/{conversationId}/view', 'conv 2', 'https://app.outreach.example/c/conv%202/view'],
    // A setting that is no valid address (an older build's, edited storage) shows no link.
    ['http://evil.example', 'conv_1', null],
    ['https://app.outreach.example/?key=x', 'conv_1', null],
    ['https://app.outreach.example', '', null],
  ])('%s + %s', (base, id, expected) => {
    expect(conversationWebAppUrl(base, id)).toBe(expected);
  });
});
