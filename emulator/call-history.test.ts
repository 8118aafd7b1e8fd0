import { describe, expect, it } from 'vitest';
import { CallHistory, pathWithoutKey } from './call-history';

describe('call history', () => {
  it('strips the apikey parameter from the recorded path, whatever its case', () => {
    expect(pathWithoutKey('/flow/members?apikey=secret123')).toBe('/flow/members');
    expect(pathWithoutKey('/flow/leads/visitors/trackerA/Web?ApiKey=s&x=1')).toBe('/flow/leads/visitors/trackerA/Web?x=1');
    expect(pathWithoutKey('/flow/campaigns?limit=5')).toBe('/flow/campaigns?limit=5');
  });

  it('lists newest first, filters failed calls and stays bounded', () => {
    const h = new CallHistory(3);
    const base = { workspaceId: 'ws', workspaceName: 'w', endpoint: 'listMembers', method: 'GET', path: '/flow/members', summary: '' };
    h.add({ ...base, status: 200, ok: true, at: 1 });
    h.add({ ...base, status: 429, ok: false, at: 2 });
    h.add({ ...base, status: 200, ok: true, at: 3 });
    h.add({ ...base, status: 500, ok: false, at: 4 });
    expect(h.list().map((r) => r.at)).toEqual([4, 3, 2]);
    expect(h.list({ failed: true }).map((r) => r.at)).toEqual([4, 2]);
    expect(h.list({ workspaceId: 'other' })).toEqual([]);
  });
});
