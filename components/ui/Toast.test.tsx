// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cssRule } from '../test-css';
import { useEnglish } from '../test-i18n';
import { Toast, toastPlace } from './Toast';

beforeEach(() => useEnglish('en-GB'));
afterEach(cleanup);

function at(el: Element, top: number, height: number) {
  el.getBoundingClientRect = () => ({ top, bottom: top + height, left: 12, right: 400, width: 388, height, x: 12, y: top, toJSON: () => ({}) });
}

describe('where a toast shows', () => {
  it('below the page’s bar, never over its title, Refresh and settings (issue 45)', () => {
    expect(toastPlace(40, 48, null)).toEqual({ top: 54 });
    // No bar, or scrolled away: the top edge.
    expect(toastPlace(40, null, null)).toEqual({ top: 12 });
    expect(toastPlace(40, -30, null)).toEqual({ top: 12 });
  });

  it('at the bottom edge when it would cover the box being typed in (issue 27)', () => {
    expect(toastPlace(40, 48, { top: 60, bottom: 180 })).toBe('bottom');
    expect(toastPlace(40, 48, { top: 300, bottom: 420 })).toEqual({ top: 54 });
  });

  it('renders there, measured against the bar and the box', () => {
    const bar = document.createElement('header');
    const box = document.createElement('div');
    document.body.append(bar, box);
    at(bar, 0, 48);
    at(box, 300, 120);
    const { container, unmount } = render(<Toast onClose={() => {}} avoid={() => box} header={() => bar}>Added</Toast>);
    const toast = container.querySelector<HTMLElement>('.toast')!;
    expect(toast.className).toBe('toast');
    expect(toast.style.top).toBe('54px');
    unmount();
    at(box, 40, 120);
    const again = render(<Toast onClose={() => {}} avoid={() => box} header={() => bar}>Added</Toast>);
    expect(again.container.querySelector('.toast')!.className).toBe('toast toast-bottom');
    bar.remove();
    box.remove();
  });

  it('takes no click but its own buttons’: what it covers for a few seconds stays usable', () => {
    expect(cssRule('ui/feedback.css', '.toast')).toContain('pointer-events: none;');
    expect(cssRule('ui/feedback.css', '.toast .btn')).toContain('pointer-events: auto;');
  });
});
