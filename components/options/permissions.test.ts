import { describe, expect, it } from 'vitest';
import { profileHostPatterns } from '../../lib/pronet/canonical-url';
import { normaliseBaseUrl, originPatternFor, parseBaseUrl, parseProfileHost } from './permissions';

describe('base URL', () => {
  it('needs no permission for the built-in loopback hosts', () => {
    const r = parseBaseUrl('http://127.0.0.1:8787/flow');
    expect(r.ok && originPatternFor(r.url)).toBeNull();
    const l = parseBaseUrl('http://localhost:9000/flow/');
    expect(l.ok && originPatternFor(l.url)).toBeNull();
  });

  it('asks for the host of any other URL, port left out', () => {
    const r = parseBaseUrl(' https://api.outreach.example:8443/flow/ ');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(originPatternFor(r.url)).toBe('https://api.outreach.example/*');
    expect(normaliseBaseUrl(r.url)).toBe('https://api.outreach.example:8443/flow');
  });

  it('refuses what is not a plain http(s) URL', () => {
    expect(parseBaseUrl('not a url')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseBaseUrl('ftp://x.example/flow')).toEqual({ ok: false, reason: 'scheme' });
    expect(parseBaseUrl('https://user:pw@x.example/flow')).toEqual({ ok: false, reason: 'credentials' });
    expect(parseBaseUrl('https://x.example/flow?apikey=1')).toEqual({ ok: false, reason: 'extra' });
  });
});

describe('profile hosts', () => {
  it('takes a host or any URL on it', () => {
    expect(parseProfileHost('Pronet.Corp.Example')).toBe('pronet.corp.example');
    expect(parseProfileHost('https://pronet.corp.example/in/ada/')).toBe('pronet.corp.example');
    expect(parseProfileHost('pronet.corp.example/in/ada')).toBe('pronet.corp.example');
  });

  it('refuses what is no host name', () => {
    expect(parseProfileHost('')).toBeNull();
    expect(parseProfileHost('not a host')).toBeNull();
    expect(parseProfileHost('-bad.example')).toBeNull();
    expect(parseProfileHost('*.example')).toBeNull();
  });

  it('asks for the host and its subdomains, one scheme per pattern as the manifest offers them', () => {
    expect(profileHostPatterns('pronet.corp.example')).toEqual([
      'https://pronet.corp.example/*',
      'https://*.pronet.corp.example/*',
      'http://pronet.corp.example/*',
      'http://*.pronet.corp.example/*',
    ]);
  });
});
