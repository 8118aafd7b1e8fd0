import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, ResponseSchemaError } from '../api/errors';
import { SnoozeInPastError } from '../inbox/conversation-state';
import { ErrorView } from '../views';
import { NoKeyError, RequestError, toErrorView } from './error-view';

const NOW = Date.UTC(2025, 2, 14, 9);
const KEY = 'key_live_0123456789abcdef';

describe('toErrorView', () => {
  it.each<[string, unknown, ErrorView]>([
    ['an unknown key', new ApiError('listMembers', 401, 'Unknown API key.'), { code: 'bad-key', detail: 'Unknown API key.', status: 401 }],
    ['a plan without the API', new ApiError('listMembers', 403, 'Pro only.'), { code: 'bad-key', reason: 'plan', detail: 'Pro only.', status: 403 }],
    ['a 404', new ApiError('searchLeads', 404, 'No lead matches.'), { code: 'not-found', detail: 'No lead matches.', status: 404 }],
    ['a 429', new ApiError('searchLeads', 429, 'Slow down', 3), { code: 'rate-limited', status: 429, retryAt: NOW + 3000 }],
    ['a 5xx', new ApiError('searchLeads', 503, 'Down'), { code: 'server', detail: 'Down', status: 503 }],
    ['another 4xx', new ApiError('enrichLead', 402, 'Not enough credits.'), { code: 'rejected', detail: 'Not enough credits.', status: 402 }],
    ['an empty service sentence', new ApiError('enrichLead', 409, '  '), { code: 'rejected', status: 409 }],
    ['no network', new NetworkError('searchLeads', new TypeError('fetch failed'), false), { code: 'offline' }],
    ['a timeout', new NetworkError('searchLeads', new Error('timeout'), true), { code: 'offline', reason: 'timeout' }],
    [
      'a malformed answer',
      new ResponseSchemaError('searchLeads', 'lead.id', 'expected string'),
      { code: 'malformed', detail: 'searchLeads returned an unexpected response at lead.id: expected string' },
    ],
    ['no key', new NoKeyError(), { code: 'no-key' }],
    ['a refused request', new RequestError('bad-request', 'nothing-to-append'), { code: 'bad-request', reason: 'nothing-to-append' }],
    ['a missing permission', new RequestError('permission-required', undefined, { subject: 'https://api.example.com' }), { code: 'permission-required', subject: 'https://api.example.com' }],
    ['a snooze in the past', new SnoozeInPastError(NOW - 1, NOW), { code: 'bad-request', reason: 'snooze-in-past' }],
    ['a cancelled call', Object.assign(new Error('aborted'), { name: 'AbortError' }), { code: 'internal', reason: 'cancelled' }],
    ['a bug', new TypeError('x is undefined'), { code: 'internal', detail: 'x is undefined' }],
  ])('turns %s into a code to word, the service sentence as the detail', (_name, error, expected) => {
    const view = toErrorView(error, NOW);
    expect(view).toEqual(expected);
    expect(ErrorView.safeParse(view).success).toBe(true);
  });

  it('never carries the key, in the detail or the subject', () => {
    const detail = toErrorView(new ApiError('listMembers', 401, `Unknown API key ${KEY}.`), NOW, KEY);
    expect(detail.detail).toBe('Unknown API key [redacted].');
    const subject = toErrorView(new RequestError('permission-required', undefined, { subject: `https://${KEY}.example` }), NOW, KEY);
    expect(JSON.stringify(subject)).not.toContain(KEY);
  });

  it('holds no English sentence for the UI: only codes, reasons and the service or technical details', () => {
    expect(Object.keys(ErrorView.shape)).not.toContain('message');
  });
});
