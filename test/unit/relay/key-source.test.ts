// @vitest-environment node
/**
 * The relay takes the key from its environment, a file or a prompt, never the command line (issue 40):
 * npm echoes a script's arguments, so `--key SECRET` is refused, with what to use instead, and the
 * refusal never repeats the key.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { KEY_ON_COMMAND_LINE, hasKeyArgument, relayKey } from '../../../relay/key-source';

const noFile = () => {
  throw new Error('ENOENT');
};

describe('relayKey', () => {
  it('refuses --key whatever else is given', async () => {
    expect(await relayKey({ keyArgument: true, env: { RELAY_SERVICE_KEY: 'k' }, readFile: noFile })).toEqual({ ok: false, reason: KEY_ON_COMMAND_LINE });
    expect(KEY_ON_COMMAND_LINE).toMatch(/RELAY_SERVICE_KEY.*--key-file/);
  });

  it('takes a file first, then the environment, then the prompt, trimmed', async () => {
    expect(await relayKey({ keyArgument: false, keyFile: '/k', env: { RELAY_SERVICE_KEY: 'env' }, readFile: () => ' file\n' })).toEqual({ ok: true, key: 'file' });
    expect(await relayKey({ keyArgument: false, env: { RELAY_SERVICE_KEY_FILE: '/s' }, readFile: () => 'secret\n' })).toEqual({ ok: true, key: 'secret' });
    expect(await relayKey({ keyArgument: false, env: { RELAY_SERVICE_KEY: ' env ' }, readFile: noFile, prompt: async () => 'typed' })).toEqual({ ok: true, key: 'env' });
    expect(await relayKey({ keyArgument: false, env: {}, readFile: noFile, prompt: async () => 'typed\n' })).toEqual({ ok: true, key: 'typed' });
  });

  it('says what is missing: an unreadable or empty file, or no key at all', async () => {
    expect(await relayKey({ keyArgument: false, keyFile: '/k', env: {}, readFile: noFile })).toEqual({ ok: false, reason: 'the key file /k cannot be read' });
    expect(await relayKey({ keyArgument: false, keyFile: '/k', env: {}, readFile: () => '\n' })).toEqual({ ok: false, reason: 'the key file /k is empty' });
    const none = await relayKey({ keyArgument: false, env: {}, readFile: noFile });
    expect(none.ok).toBe(false);
  });

  it('finds --key in both spellings, and not --key-file', () => {
    expect(hasKeyArgument(['--service', 'x', '--key', 's'])).toBe(true);
    expect(hasKeyArgument(['--key=s'])).toBe(true);
    expect(hasKeyArgument(['--key-file', '/k'])).toBe(false);
  });
});

describe('npm run relay with --key', () => {
  it('exits 2 with the sentence, and no line of its output carries the key', () => {
    const secret = 'key_demo-pro_0123456789abcdef';
    const r = spawnSync('npx', ['tsx', 'relay/main.ts', '--service', 'http://127.0.0.1:9/flow', '--key', secret], { encoding: 'utf8', env: { ...process.env, RELAY_SERVICE_KEY: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(KEY_ON_COMMAND_LINE);
    expect(`${r.stdout}${r.stderr}`).not.toContain(secret);
  }, 60_000);
});
