/** Test data the reply composer's tests share. */
import type { ReplyContextView } from '../../lib/views';

/** A pronet conversation whose sender is known, with no undo window and no draft. */
export const CONTEXT: ReplyContextView = {
  conversationId: 'c1',
  leadId: 'lead_1',
  identityId: 'idt_1',
  channels: ['PRONET'],
  defaultChannel: 'PRONET',
  threadSubject: null,
  memberId: 'mem_1',
  undoSeconds: 0,
  draft: null,
};
