// Ours (endpoints.md leaves it open): request bodies over 1 MB are refused with 413 in the error body.
import { beforeAll, describe, expect, it } from 'vitest';
import { clientFor, emulatorCalls, proWorkspace, rawCall, resetEmulator } from './harness';

const ONE_MB = 1024 * 1024;

beforeAll(async () => {
  await resetEmulator('demo');
});

describe('request body size', () => {
  it('refuses a body over 1 MB with 413 in the error body, stores nothing and records the call', async () => {
    const ws = proWorkspace();
    const name = `huge-${'x'.repeat(2 * ONE_MB)}`;
    const res = await rawCall<{ statusCode: number; error: string; message: string }>('/audiences/create', {
      key: ws.apiKey,
      body: { name },
    });
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
