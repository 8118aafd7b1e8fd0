import { describe, expect, it } from 'vitest';
import { hostPermissionPattern } from './host-permission';

describe('hostPermissionPattern', () => {
  it('drops the port, the path and the query: the pattern a user grants', () => {
    expect(hostPermissionPattern('http://127.0.0.1:8787/flow')).toBe('http://127.0.0.1/*');
    expect(hostPermissionPattern(new URL('https://api.example:8443/flow?x=1'))).toBe('https://api.example/*');
    expect(hostPermissionPattern('https://API.Example/')).toBe('https://api.example/*');
  });
});
