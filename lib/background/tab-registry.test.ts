import { describe, expect, it } from 'vitest';
import { tabProfile } from './tab-registry';

const SITE = 'http://pronet.localhost:8080';
const LEAD = `${SITE}/sales/lead/ACwAAQx7KpZ2mWeR,NAME_SEARCH,x1`;
const ADA = 'https://www.pronet.example/in/ada-lovelace/';

describe('tabProfile', () => {
  it.each([
    ['a profile page: its own URL (a link is ignored)', `${SITE}/in/Ada-Lovelace/`, `${SITE}/in/grace-hopper/`, { profileUrl: ADA }],
    ['a lead page with its public link', LEAD, `${SITE}/in/ada-lovelace/`, { profileUrl: ADA, via: 'lead-page' }],
    ['a lead page with a member-token link (case kept)', LEAD, `${SITE}/in/ACoAABq7XkZmP2wQ/`, { profileUrl: 'https://www.pronet.example/in/ACoAABq7XkZmP2wQ/', via: 'lead-page' }],
    ['a lead page without a link', LEAD, undefined, { profileUrl: null, leadPage: true }],
    ['a lead page whose link is no profile', LEAD, 'https://evil.example/in/ada-lovelace/', { profileUrl: null, leadPage: true }],
    ['any other page', `${SITE}/feed/`, `${SITE}/in/ada-lovelace/`, { profileUrl: null }],
  ])('%s', (_what, url, link, expected) => {
    expect(tabProfile(url, link, [])).toEqual(expected);
  });
});
