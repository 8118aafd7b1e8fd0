/**
 * The keyboard commands of the manifest, decided: which conversation an "archive" or "snooze until
 * tomorrow" acts on, and until when. Pure: the tab's panel state and the time come in; the entrypoint
 * opens the panel or sends the request the plan names.
 */
import { tomorrowMorning } from '../inbox/snooze-presets';
import type { Reply, Request, RequestOf } from '../messages';
import { describeError, type PanelState } from '../views';

export const COMMANDS = ['open-panel', 'archive', 'snooze-tomorrow', 'focus-note'] as const;
export type CommandName = (typeof COMMANDS)[number];

export type CommandPlan =
  /** Open the side panel for the tab; `focusNote`: with the caret in the note. */
  | { kind: 'open-panel'; focusNote: boolean }
  /** Send this request, as the panel's button would. */
  | { kind: 'request'; request: RequestOf<'archive'> | RequestOf<'snooze'> }
  /** Nothing applies (no lead, no conversation, the action is not offered); `reason` says why. */
  | { kind: 'nothing'; reason: string };

export function isCommandName(value: string): value is CommandName {
  return (COMMANDS as readonly string[]).includes(value);
}

/** The commands that open the panel: they must do so in the listener itself (a command is a user gesture). */
export function panelCommand(command: CommandName): Extract<CommandPlan, { kind: 'open-panel' }> | null {
  if (command === 'open-panel') return { kind: 'open-panel', focusNote: false };
  if (command === 'focus-note') return { kind: 'open-panel', focusNote: true };
  return null;
}

/**
 * What a command does on a tab whose panel shows `state`, at `now`. Archive and snooze act on the
 * conversation the panel shows (the selected one), only when the panel would offer that button;
 * "snooze until tomorrow" is the picker's "tomorrow morning" preset (the next day, 09:00 local time).
 */
export function planCommand(command: CommandName, state: PanelState | null, now: Date): CommandPlan {
  const opens = panelCommand(command);
  if (opens) return opens;
  if (state?.kind !== 'lead') return { kind: 'nothing', reason: 'The tab shows no lead.' };
  const conversation = state.conversations.find((c) => c.id === state.selectedConversationId);
  if (!conversation) return { kind: 'nothing', reason: 'The lead has no conversation.' };
  const target = { conversationId: conversation.id, leadId: conversation.leadId };
  if (command === 'archive') {
    if (!conversation.actions.includes('archive')) return { kind: 'nothing', reason: 'The conversation is already archived.' };
    return { kind: 'request', request: { type: 'archive', ...target } };
  }
  if (!conversation.actions.includes('snooze')) return { kind: 'nothing', reason: 'The conversation cannot be snoozed.' };
  return { kind: 'request', request: { type: 'snooze', ...target, until: tomorrowMorning(now).getTime() } };
}

/** Carries out a command that does not open the panel: on the tab's state now, as the panel's button would. */
export async function runCommand(
  command: CommandName,
  tabId: number,
  service: { panelState(tabId: number): Promise<PanelState>; handle(request: Request): Promise<Reply<unknown>> },
  now: Date,
): Promise<void> {
  const plan = planCommand(command, await service.panelState(tabId), now);
  if (plan.kind !== 'request') return;
  const reply = await service.handle(plan.request);
  if (!reply.ok) console.warn(`${command}: ${describeError(reply.error)}`);
}
