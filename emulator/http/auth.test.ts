import { describe, expect, it } from 'vitest';
import { presentedKey } from './auth';

const url = (q = '') => new URL(`http://127.0.0.1/flow/members${q}`);

describe('presentedKey', () => {
  it('reads the three forms, headers first', () => {
    expect(presentedKey(new Headers({ authorization: 'Bearer k1' }), url())).toEqual({ key: 'k1', form: 'bearer' });
    expect(presentedKey(new Headers({ authorization: 'bearer k1' }), url())).toEqual({ key: 'k1', form: 'bearer' });
    expect(presentedKey(new Headers({ 'x-api-key': 'k2' }), url())).toEqual({ key: 'k2', form: 'x-api-key' });
    expect(presentedKey(new Headers(), url('?apikey=k3'))).toEqual({ key: 'k3', form: 'query' });
    expect(presentedKey(new Headers({ 'x-api-key': 'k2' }), url('?apikey=k3'))?.form).toBe('x-api-key');
  });

  it('finds no key in an empty or malformed header', () => {
    expect(presentedKey(new Headers(), url())).toBeNull();
    expect(presentedKey(new Headers({ authorization: 'Basic abc' }), url())).toBeNull();
    expect(presentedKey(new Headers({ authorization: 'Bearer ' }), url())).toBeNull();
  });
});
