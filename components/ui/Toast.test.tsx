// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useEnglish } from '../test-i18n';
import { Toast } from './Toast';

beforeEach(() => useEnglish('en-GB'));
afterEach(cleanup);

function at(el: Element, top: number, height: number) {
  el.getBoundingClientRect = () => ({ top, bottom: top + height, left: 12, right: 400, width: 388, height, x: 12, y: top, toJSON: () => ({}) });
}

describe('Toast keeps off the box being typed in (issue 27)', () => {
  const rect = HTMLDivElement.prototype.getBoundingClientRect;
  afterEach(() => {
    HTMLDivElement.prototype.getBoundingClientRect = rect;
  });

  it('moves to the bottom edge when it would cover the box, and stays on top otherwise', () => {
    const box = document.createElement('div');
    document.body.append(box);
    // Every toast measures at the top edge (12 px, 40 px high).
    HTMLDivElement.prototype.getBoundingClientRect = function () {
      return { top: 12, bottom: 52, left: 12, right: 400, width: 388, height: 40, x: 12, y: 12, toJSON: () => ({}) };
    };
    at(box, 20, 120);
    const { container, unmount } = render(<Toast onClose={() => {}} avoid={() => box}>Added</Toast>);
    expect(container.querySelector('.toast')!.className).toBe('toast toast-bottom');
    unmount();
    at(box, 300, 120);
    const again = render(<Toast onClose={() => {}} avoid={() => box}>Added</Toast>);
    expect(again.container.querySelector('.toast')!.className).toBe('toast');
    box.remove();
  });
});
