// Ours (endpoints.md leaves it open): request bodies over 1 MB are refused with 413 in the error body.
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, clientFor, emulatorCalls, proWorkspace, rawCall, resetEmulator } from './harness';

const ONE_MB = 1024 * 1024;

/**
 * A POST that declares a body of `declared` bytes, sends its first few and waits for the answer. The
 * service answers from the declared size and closes: a client still writing 2 MB when the close
 * comes gets EPIPE instead of the answer (as from any server that refuses early), which made a
 * `fetch` of the whole body fail now and then.
 */
function declaredBody(path: string, key: string, declared: number, start: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(`${baseUrl()}${path}`),
      { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': String(declared) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    req.write(start);
  });
}

beforeAll(async () => {
  await resetEmulator('demo');
});

describe('request body size', () => {
  it('refuses a body over 1 MB with 413 in the error body, stores nothing and records the call', async () => {
    const ws = proWorkspace();
    const res = await declaredBody('/audiences/create', ws.apiKey, 2 * ONE_MB, `{"name":"huge-${'x'.repeat(64 * 1024)}`);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large', message: expect.stringMatching(/1 MB/) });
    const { audiences } = await clientFor(ws).audiences.list();
    expect(audiences.some((a) => a.name.startsWith('huge-'))).toBe(false);
    const [last] = await emulatorCalls({ failed: true, workspace: ws.id });
    expect(last).toMatchObject({ endpoint: 'createAudience', status: 413, ok: false });
  });

  it('still reads a body of just under 1 MB', async () => {
    // Padding that JSON ignores: the body is `{}` to the schema, so the answer is a 400 naming the field.
    const res = await rawCall<{ message: string; details: { field: string } }>('/audiences/create', {
      key: proWorkspace().apiKey,
      rawBody: `${' '.repeat(ONE_MB - 2)}{}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.details.field).toBe('name');
  });
});
