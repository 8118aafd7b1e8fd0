import { connect, constants } from 'node:http2';
import { request } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from './server';
import { makeSelfSignedCertificate } from './tls';

const running: RunningEmulator[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) await e.close();
});

/** One HTTP/2 request trusting the emulator's certificate: status, body and the protocol used. */
function h2Get(origin: string, ca: string, path: string, authority?: string): Promise<{ status: number; body: string; alpn: string | false | undefined }> {
  return new Promise((resolve, reject) => {
    const session = connect(origin, { ca, servername: 'localhost' });
    session.on('error', reject);
    const req = session.request({ ':path': path, ...(authority ? { ':authority': authority } : {}) });
    let status = 0;
    let body = '';
    req.on('response', (h) => (status = Number(h[constants.HTTP2_HEADER_STATUS])));
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const alpn = session.alpnProtocol;
      session.close();
      resolve({ status, body, alpn });
    });
    req.on('error', reject);
    req.end();
  });
}

function h1Get(url: string, ca: string): Promise<{ status: number; alpn: string | false | null }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, servername: 'localhost', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, alpn: (res.socket as import('node:tls').TLSSocket).alpnProtocol }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startEmulator over TLS', () => {
  it('serves the API, the control API and the look-alike site over HTTP/2, HTTP/1.1 to clients without it, and plain HTTP on plainOrigin', async () => {
    const emulator = await startEmulator({ seed: 'demo', quiet: true, tls: true });
    running.push(emulator);
    expect(emulator.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.baseUrl).toBe(`${emulator.origin}/flow`);
    const ca = emulator.certificate!;
    expect(ca).toContain('BEGIN CERTIFICATE');
    const key = emulator.workspaces[0]!.apiKey;

    const api = await h2Get(emulator.origin, ca, '/flow/members');
    expect(api).toMatchObject({ status: 401, alpn: 'h2' });
    expect(api.body).not.toContain(key);
    const control = await h2Get(emulator.origin, ca, '/_emulator/calls');
    expect(control.status).toBe(200);
    expect(JSON.parse(control.body)).toHaveProperty('calls');
    const site = await h2Get(emulator.origin, ca, '/in/ada-lovelace/', `pronet.localhost:${new URL(emulator.origin).port}`);
    expect(site.status).toBe(200);
    expect(site.body).toMatch(/<html/i);

    expect(await h1Get(`${emulator.origin}/flow/members`, ca)).toEqual({ status: 401, alpn: false });
    const plain = await fetch(`${emulator.plainOrigin}/_emulator/calls`);
    expect(emulator.plainOrigin).toMatch(/^http:\/\//);
    expect(plain.status).toBe(200);
    // One emulator behind both: the calls over TLS are in the plain origin's history.
    const history = (await plain.json()) as { calls: { path: string }[] };
    expect(history.calls.some((c) => c.path.startsWith('/flow/members'))).toBe(true);
  });

  it('stays plain HTTP by default (origin = plainOrigin, no certificate)', async () => {
    const emulator = await startEmulator({ seed: 'empty', quiet: true });
    running.push(emulator);
    expect(emulator.origin).toMatch(/^http:\/\//);
    expect(emulator.plainOrigin).toBe(emulator.origin);
    expect(emulator.certificate).toBeUndefined();
  });

  it('says clearly that openssl is needed when it cannot be found', () => {
    expect(() => makeSelfSignedCertificate('/nonexistent/openssl')).toThrow(/openssl, which was not found.*--tls/);
  });
});
