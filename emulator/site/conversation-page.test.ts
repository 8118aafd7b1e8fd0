import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { EmulatorCore } from '../core';
import { buildSeed } from '../seed/index';
import { messageText } from './conversation-page';

const cores: EmulatorCore[] = [];
afterEach(() => {
  for (const c of cores.splice(0)) c.close();
});

describe('the web app conversation page', () => {
  it('shows a conversation by id, its messages as text, and marks it read', async () => {
    const core = new EmulatorCore({ seed: 'demo', buildSeed, realNow: () => Date.UTC(2026, 10, 26, 12) });
    cores.push(core);
    const app = createApp(core);
    const ws = core.store.workspaces[0]!;
    const ada = [...ws.leads.values()].find((l) => l.firstname === 'Ada')!;
    const conversation = ws.conversationsOfLead(ada.id)[0]!;
    expect(conversation.read).toBe(false);
    const res = await app.request(`http://127.0.0.1:8787/inbox/${conversation.id}`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('<h1>Ada Lovelace</h1>');
    expect(body).toContain('Could we talk on Thursday?');
    expect(body).not.toContain('<b>love</b>');
    expect(ws.conversations.get(conversation.id)?.read).toBe(true);
    const missing = await app.request('http://127.0.0.1:8787/inbox/conv_nope');
    expect(missing.status).toBe(404);
  });

  it('never lets a message body add markup', () => {
    expect(messageText('<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>there')).toBe('Hi\nthere');
  });
});
