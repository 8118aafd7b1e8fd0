// The command line of design.md (`npm run emulator -- ...` → tsx emulator/main.ts) and `--data FILE`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../lib/api/client';
import { startEmulator } from '../../emulator/server';
import { oneLead } from '../../lib/api/lead-search';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function runCli(args: string[]): Promise<string[]> {
  const child = spawn(join(process.cwd(), 'node_modules/.bin/tsx'), ['emulator/main.ts', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const done = (lines: string[]) => {
      child.kill('SIGTERM');
      resolve(lines);
    };
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const lines = out.split('\n').filter((l) => l !== '');
      // The demo seed: the listening line, three key lines, the mcp line and seven member lines.
      if (lines.length >= 12) done(lines);
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('exit', (code) => {
      if (code !== null && code !== 0) reject(new Error(`emulator exited ${code}: ${err}`));
    });
  });
}

describe('command line', () => {
  it('prints "listening http://127.0.0.1:<port>/flow", one "key <name> <plan> <apiKey>" per workspace, the mcp URL and one "member <workspace> <email> <password>" per member', async () => {
    const lines = await runCli(['--port', '0', '--seed', 'demo']);
    expect(lines[0]).toMatch(/^listening http:\/\/127\.0\.0\.1:\d+\/flow$/);
    const keys = lines.filter((l) => l.startsWith('key '));
    expect(keys.length).toBe(3);
    expect(lines.slice(1, 4)).toEqual(keys);
    const port = /:(\d+)\//.exec(lines[0] ?? '')?.[1];
    expect(lines[4]).toBe(`mcp http://127.0.0.1:${port}/mcp`);
    const members = lines.slice(5);
    expect(members).toHaveLength(7);
    for (const l of members) expect(l).toMatch(/^member \S+ \S+@\S+\.example demo-[0-9a-f]{12}$/);
    expect(members).toContain('member demo-pro sam.rivera@demo-pro.example demo-3c7419cbef09');
    for (const l of keys) expect(l).toMatch(/^key \S+ (STARTER|PRO|BUSINESS) \S+$/);
    expect(keys.some((l) => l.startsWith('key demo-pro PRO '))).toBe(true);
    expect(keys.some((l) => / STARTER /.test(l))).toBe(true);
  });

  it('refuses an unknown seed', async () => {
    await expect(runCli(['--seed', 'huge'])).rejects.toThrow(/--seed/);
  });
});

describe('--data FILE', () => {
  it('keeps the state across a restart, written atomically', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-data-'));
    dirs.push(dir);
    const file = join(dir, 'state.json');
    const first = await startEmulator({ port: 0, seed: 'empty', dataFile: file, quiet: true });
    const ws = first.workspaces.find((w) => w.plan === 'PRO');
    const c1 = createClient({ baseUrl: first.baseUrl, apiKey: ws?.apiKey ?? '', retry: { maxAttempts: 1 } });
    await c1.audiences.create({ name: 'Kept across restarts' });
    const created = await c1.leads.create({ audience: 'Kept across restarts', proEmail: 'kept@restart.example' });
    await first.close();
    expect(existsSync(file)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await startEmulator({ port: 0, seed: 'demo', dataFile: file, quiet: true });
    expect(second.workspaces.map((w) => w.apiKey)).toEqual(first.workspaces.map((w) => w.apiKey));
    const c2 = createClient({ baseUrl: second.baseUrl, apiKey: ws?.apiKey ?? '', retry: { maxAttempts: 1 } });
    const { audiences } = await c2.audiences.list();
    expect(audiences.find((a) => a.name === 'Kept across restarts')?.size).toBe(1);
    expect((oneLead(await c2.leads.search({ email: 'kept@restart.example' }))).lead.id).toBe(created.leadId);
    await second.close();
  });
});
