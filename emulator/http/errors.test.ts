import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it, vi } from 'vitest';
import { DomainError, conflict, invalid, noCredits, notFound, planRefuses } from '../domain-error';
import { CursorError } from '../rules/cursor';
import { HttpError, errorResponse, toHttpError } from './errors';

describe('domain errors → HTTP (the one mapping)', () => {
  it('gives each kind its status, keeping message and details', () => {
    expect(toHttpError(invalid('pronetUrl is not a pronet profile URL.'))).toMatchObject({ status: 400, message: 'pronetUrl is not a pronet profile URL.' });
    expect(toHttpError(noCredits('short', { required: 5 }))).toMatchObject({ status: 402, details: { required: 5 } });
    expect(toHttpError(planRefuses('crmA needs CRM sync.')).status).toBe(403);
    expect(toHttpError(notFound('No lead.')).status).toBe(404);
    expect(toHttpError(conflict('Two.', { candidates: [] }))).toMatchObject({ status: 409, details: { candidates: [] } });
    expect(toHttpError(new CursorError('searchAfter is not a valid cursor'))).toMatchObject({ status: 400, details: { field: 'searchAfter' } });
  });

  it('passes the HTTP layer’s own errors through and hides anything else behind a 500', () => {
    const limited = new HttpError(429, 'Slow down.', undefined, { 'Retry-After': '3' });
    expect(toHttpError(limited)).toBe(limited);
    expect(toHttpError(new HTTPException(405, { message: 'No.' }))).toMatchObject({ status: 405, message: 'No.' });
    expect(toHttpError(new Error('secret internals'))).toMatchObject({ status: 500, message: 'The emulator failed on this request.' });
  });

  it('answers in the documented error body, with the headers the error carries', async () => {
    const app = new Hono();
    app.get('/domain', () => {
      throw new DomainError('conflict', 'This lead has 2 conversations.', { candidates: [{ conversationId: 'c1' }] });
    });
    app.get('/limited', () => {
      throw new HttpError(429, 'Rate limit exceeded.', { retryAfter: 3 }, { 'Retry-After': '3' });
    });
    app.get('/bug', () => {
      throw new TypeError('x is undefined');
    });
    app.onError(errorResponse);
    const domain = await app.request('/domain');
    expect(domain.status).toBe(409);
    expect(await domain.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This lead has 2 conversations.',
      details: { candidates: [{ conversationId: 'c1' }] },
    });
    const limited = await app.request('/limited');
    expect(limited.headers.get('retry-after')).toBe('3');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bug = await app.request('/bug');
    expect(await bug.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'The emulator failed on this request.' });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
