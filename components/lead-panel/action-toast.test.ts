import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import { useEnglish } from '../test-i18n';
import { actionToast } from './action-toast';

const NOW = Date.UTC(2026, 10, 23, 10);
const target = { conversationId: 'c1', leadId: 'l1' };

beforeEach(() => useEnglish());

function toastFor(action: 'unsnooze' | 'unarchive', snoozeUntil: number | null) {
  const send = vi.fn(async () => ({ ok: true, value: null }));
  const toast = actionToast({ action, leadName: 'Alan Turing', target, before: { status: action === 'unsnooze' ? 'SNOOZED' : 'ARCHIVED', snoozeUntil }, now: NOW, itemId: '7', since: null, messenger: { send } as unknown as Messenger });
  return { toast, send };
}

describe('actionToast', () => {
  it('Unsnooze says so, and its Undo snoozes again to the same date', () => {
    const { toast, send } = toastFor('unsnooze', NOW + 86_400_000);
    expect(toast.text).toBe('Unsnoozed: back in the inbox.');
    toast.undo!();
    expect(send).toHaveBeenCalledWith('snooze', { ...target, until: NOW + 86_400_000 });
  });

  it('offers no Undo for an unsnooze whose date has passed (it would snooze into the past)', () => {
    expect(toastFor('unsnooze', NOW - 1).toast.undo).toBeUndefined();
  });

  it('Unarchive says so, and its Undo archives again', () => {
    const { toast, send } = toastFor('unarchive', null);
    expect(toast.text).toBe('Alan Turing: conversation unarchived.');
    toast.undo!();
    expect(send).toHaveBeenCalledWith('archive', target);
  });
});
