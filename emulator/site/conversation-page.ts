/**
 * The service's web app, as far as the extension links to it: one conversation at
 * `/inbox/<conversationId>` (the address the options' "web app address" builds on). The lead, the
 * conversation's state and its messages, oldest first, as text. Reading it here marks the
 * conversation read, as the service's app does (the extension's Unread view says so).
 */
import { Hono } from 'hono';
import type { ConversationRecord, LeadRecord, MessageRecord } from '../model';
import { type Html, html, raw } from './html';

export interface ConversationPageData {
  workspaceName: string;
  lead: LeadRecord | undefined;
  conversation: ConversationRecord;
  messages: readonly MessageRecord[];
}

export interface ConversationPageDeps {
  /** The conversation with this id in any workspace, or null. */
  find(conversationId: string): ConversationPageData | null;
  /** Marks the conversation read (a member read it in the app). */
  markRead(conversationId: string): void;
}

const STYLE = raw(`
*{box-sizing:border-box}
body{margin:0;background:#f6f7f9;color:#1c2430;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:760px;margin:0 auto;padding:28px 24px}
h1{font-size:22px;margin:0 0 4px}.muted{color:#5b6573}.small{font-size:12px}
.msg{background:#fff;border:1px solid #e4e7ec;border-radius:12px;padding:12px 16px;margin:12px 0;max-width:85%}
.msg.sent{margin-left:auto;background:#eef2ff;border-color:#dbe2ff}
.msg p{margin:4px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.note{background:#fffbea;border:1px solid #f5e3a3;border-radius:12px;padding:12px 16px;margin:16px 0;white-space:pre-wrap}
`);

/** A message's words without its markup (the page shows text; the html tag escapes the rest). */
export function messageText(content: string): string {
  return content
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function utc(at: number): string {
  const iso = new Date(at).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function page(title: string, body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Outreach</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`.value;
}

export function conversationPage(deps: ConversationPageDeps): Hono {
  const app = new Hono();
  app.get('/inbox/:conversationId', (c) => {
    c.header('Cache-Control', 'no-store');
    const found = deps.find(c.req.param('conversationId'));
    if (!found) return c.html(page('Conversation not found', html`<h1>Conversation not found</h1><p class="muted">No conversation has this address.</p>`), 404);
    deps.markRead(found.conversation.id);
    const { lead, conversation, messages } = found;
    const name = lead ? `${lead.firstname} ${lead.lastname}`.trim() : conversation.leadId;
    const ordered = messages.slice().sort((a, b) => a.createdAt - b.createdAt);
    return c.html(
      page(
        name,
        html`<h1>${name}</h1>
<p class="muted" data-conversation-id="${conversation.id}">${found.workspaceName} · Inbox · ${conversation.status}</p>
${conversation.note ? html`<div class="note" aria-label="Note">${conversation.note}</div>` : null}
${ordered.map(
  (m) => html`<article class="msg ${m.direction === 'SENT' ? 'sent' : 'received'}">
  <div class="small muted">${m.direction === 'SENT' ? 'You' : name} · ${m.channel} · ${utc(m.createdAt)}</div>
  ${m.subject ? html`<div><b>${m.subject}</b></div>` : null}
  <p>${messageText(m.content)}</p>
</article>`,
)}`,
      ),
    );
  });
  return app;
}
