// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://pronet.localhost:8080/search/results/people/" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeContext } from '../../test/unit/content/fake-context';
import { createListCore, PREFETCH_HOVER_MS } from './list-links-core';
import { startListPrefetch } from './list-prefetch';

const ADA = 'https://www.pronet.example/in/ada-lovelace/';

describe('prefetch of the profile the pointer rests on', () => {
  let ctx = fakeContext();
  let asked: string[] = [];
  let on = true;
  beforeEach(() => {
    vi.useFakeTimers();
    ctx = fakeContext();
    asked = [];
    on = true;
    document.body.innerHTML = `<ul><li><a id="ada" href="/in/ada-lovelace/?trk=x"><span>Ada Lovelace</span></a></li><li><a id="jobs" href="/jobs/">Jobs</a></li></ul>`;
    startListPrefetch({ window, ctx, core: createListCore(), hosts: () => [], enabled: () => on, prefetch: (url) => void asked.push(url) });
  });
  afterEach(() => {
    ctx.abort();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });
  const over = (id: string) => document.querySelector(`#${id} span, #${id}`)!.dispatchEvent(new window.PointerEvent('pointerover', { bubbles: true }));
  const out = (id: string) => document.getElementById(id)!.dispatchEvent(new window.PointerEvent('pointerout', { bubbles: true }));

  it('asks once the pointer has rested on a profile link, by its canonical URL, once a page', () => {
    over('ada');
    vi.advanceTimersByTime(PREFETCH_HOVER_MS - 1);
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(asked).toEqual([ADA]);
    out('ada');
    over('ada');
    vi.advanceTimersByTime(PREFETCH_HOVER_MS);
    expect(asked).toEqual([ADA]);
  });
  it('a pointer that only passes by asks nothing; a link that is no profile asks nothing', () => {
    over('ada');
    out('ada');
    over('jobs');
    vi.advanceTimersByTime(PREFETCH_HOVER_MS * 2);
    expect(asked).toEqual([]);
  });
  it('a press asks at once; with prefetch off, nothing is asked', () => {
    on = false;
    document.getElementById('ada')!.dispatchEvent(new window.PointerEvent('pointerdown', { bubbles: true }));
    expect(asked).toEqual([]);
    on = true;
    document.getElementById('ada')!.dispatchEvent(new window.PointerEvent('pointerdown', { bubbles: true }));
    expect(asked).toEqual([ADA]);
  });
  it('stops listening once the script is invalidated', () => {
    ctx.abort();
    document.getElementById('ada')!.dispatchEvent(new window.PointerEvent('pointerdown', { bubbles: true }));
    expect(asked).toEqual([]);
  });
});
