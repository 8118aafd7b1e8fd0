// @vitest-environment happy-dom
// Hostile strings in everything the lead panel shows: names, companies, notes, campaign and identity
// names, outbox labels and errors, audience names, service messages, and message HTML with
// <script>, <img onerror>, javascript: links, <svg onload>, <style> and mutation-XSS tricks. Plain
// strings must render as text; message HTML only as sanitised markup. Checked on the rendered DOM:
// no script, iframe, style, object or embed element, no event-handler attribute, no javascript: URL.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Messenger } from '../../../lib/messages';
import type { ConversationView, MessageView, OutboxItemView, PanelState } from '../../../lib/views';
import { LeadPanel } from '../../../components/lead-panel/LeadPanel';
import { NoLead } from '../../../components/lead-panel/NoLead';
import { RecentMessages } from '../../../components/lead-panel/RecentMessages';
import { useEnglish } from '../../../components/test-i18n';
import { createRng } from '../../../emulator/seed/prng';
import { HOSTILE_STRINGS } from './mutations';

const SEED = process.env.FUZZ_SEED ?? 'hardening-fuzz-1';
const NOW = Date.UTC(2025, 2, 12, 10, 0);

/** Message bodies an attacker could send the lead, who replies: they come back through the service. */
const HOSTILE_HTML: readonly string[] = [
  '<p>Hi</p><script>document.title="pwned"</script>',
  '<img src=x onerror="document.title=\'pwned\'">',
  '<a href="javascript:document.title=\'pwned\'">click</a>',
  '<a href=" JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href="jav&#x09;ascript:alert(1)">entity-split scheme</a>',
  '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">data URL</a>',
  '<svg onload="alert(1)"><a xlink:href="javascript:alert(1)"><text>svg link</text></a></svg>',
  '<style>@import "https://evil.example/x.css"; body{display:none}</style><p>styled</p>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:alert(1)//">',
  '<div style="background:url(javascript:alert(1))">background</div>',
  '<p onclick="alert(1)" onmouseover="alert(1)">hover me</p>',
  '<details open ontoggle="alert(1)">toggle</details>',
  '<template><script>alert(1)</script></template><p>after template</p>',
  '<img src="https://tracker.example/pixel.gif" width="1" height="1">',
  '<video><source onerror="alert(1)"></video><input autofocus onfocus="alert(1)">',
  '<x-custom onclick="alert(1)">custom element</x-custom>',
  '<p>fine <b>bold</b> <a href="https://ok.example/">ok link</a> <a href="mailto:a@b.example">mail</a></p>',
];

/** What sanitize.ts lets through: the allowlist, checked independently of its code. */
const SAFE_TAGS = new Set([
  'a', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'hr', 'i', 'li', 'ol', 'p',
  'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul',
]);
const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background', 'poster'];

/** No element that runs or loads anything, no handler, no script URL, anywhere under `root`. */
function expectSafeDom(root: Element, where: string) {
  expect(root.querySelectorAll('script, iframe, frame, frameset, style, object, embed, base, meta, link, template, form').length, `${where}: no active element`).toBe(0);
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const name of el.getAttributeNames()) {
      expect(/^on/i.test(name), `${where}: <${el.localName} ${name}>`).toBe(false);
      if (URL_ATTRS.includes(name.toLowerCase())) {
        // Browsers ignore tabs, newlines and leading spaces in a scheme.
        const value = Array.from(el.getAttribute(name) ?? '').filter((ch) => ch.charCodeAt(0) > 0x20).join('').toLowerCase();
        expect(value.startsWith('javascript:') || value.startsWith('data:') || value.startsWith('vbscript:'), `${where}: <${el.localName} ${name}="${value}">`).toBe(false);
      }
    }
    if (el.localName === 'img') expect(el.getAttributeNames().some((n) => /^on/i.test(n)), `${where}: img with a handler`).toBe(false);
  }
  // Message bodies: only the allowlist, no inline style, links only to the web, mail or phone.
  for (const body of Array.from(root.querySelectorAll('.message-body'))) {
    for (const el of Array.from(body.querySelectorAll('*'))) {
      expect(SAFE_TAGS.has(el.localName), `${where}: <${el.localName}> in a message body`).toBe(true);
      expect(el.hasAttribute('style'), `${where}: style attribute in a message body`).toBe(false);
      if (el.localName === 'a' && el.hasAttribute('href')) {
        expect(el.getAttribute('href'), where).toMatch(/^(?:https?:|mailto:|tel:)/i);
        expect(el.getAttribute('rel'), where).toBe('noopener noreferrer');
      }
    }
  }
  expect(document.title, `${where}: nothing ran`).not.toBe('pwned');
}

function conversation(id: string, s: string, over: Partial<ConversationView> = {}): ConversationView {
  return {
    id,
    leadId: 'lead_x',
    status: 'OPEN',
    snoozeUntil: null,
    lastMessageAt: NOW - 3_600_000,
    lastMessageStatus: s,
    lastMessageType: s,
    leadReplied: true,
    campaignId: s,
    campaignName: s,
    identityId: s,
    identityName: null,
    note: `${s}\n-- 2025-03-12 10:00 --\n${s}`,
    actions: ['archive', 'snooze'],
    pending: true,
    ...over,
  };
}

function outboxItem(id: string, s: string, state: OutboxItemView['state']): OutboxItemView {
  return {
    id,
    kind: 'note',
    state,
    conversationId: 'conv_1',
    leadId: 'lead_x',
    profileUrl: s,
    createdAt: NOW,
    attempts: 3,
    nextAttemptAt: state === 'failed' ? null : NOW + 5_000,
    error: state === 'failed' ? { code: 'rejected', detail: s } : null,
    note: { mode: 'append', text: s },
    audience: s,
  };
}

function leadState(s: string): PanelState {
  return {
    kind: 'lead',
    profileUrl: 'https://www.pronet.example/in/hostile/',
    lead: { id: 'lead_x', name: s, company: s, jobTitle: s, pronetUrl: s },
    conversations: [conversation('conv_1', s), conversation('conv_2', s, { identityName: s, status: 'ARCHIVED', actions: ['unarchive', 'snooze'] })],
    selectedConversationId: 'conv_1',
    pending: [outboxItem('1', s, 'pending')],
    failed: [outboxItem('2', s, 'failed')],
    stale: false,
    fetchedAt: NOW,
  };
}

function messages(bodies: readonly string[], s: string): MessageView[] {
  return bodies.map((content, i) => ({
    id: `msg_${i}`,
    direction: i % 2 === 0 ? 'RECEIVED' : 'SENT',
    channel: s,
    status: s,
    subject: i % 3 === 0 ? s : null,
    content,
    createdAt: NOW - i * 60_000,
  }));
}

/** A messenger whose every answer carries hostile strings. */
function hostileMessenger(s: string, bodies: readonly string[]): Messenger {
  const send = async (type: string) => {
    switch (type) {
      case 'conversation-messages':
        return { ok: true, value: { conversationId: 'conv_1', messages: messages(bodies, s), total: bodies.length + 3, page: 0 } };
      case 'identities':
        return { ok: true, value: [{ id: s, name: s }] };
      case 'audiences':
        return { ok: true, value: [{ id: 'aud_1', name: s, size: 3 }] };
      case 'credits':
        return { ok: true, value: { total: 12, perishable: 0 } };
      case 'crm-records':
        return { ok: true, value: { connected: ['crmA'], records: [{ crm: 'crmA', name: s, url: s }, { crm: 'crmA', name: s, url: `https://crm.example/${s}` }], matchedBy: 'name', tried: ['address', 'name'], readAt: NOW } };
      default:
        return { ok: false, error: { code: 'rejected', detail: s } };
    }
  };
  return { send } as unknown as Messenger;
}

/** Plain strings drawn for this run: every hostile string, plus a seeded mix of them. */
function plainStrings(): string[] {
  const rng = createRng(`${SEED}:render`);
  const mixed = Array.from({ length: 4 }, () => rng.sample(HOSTILE_STRINGS, 3).join(' '));
  return [...HOSTILE_STRINGS, ...mixed];
}

beforeEach(() => {
  useEnglish();
  document.title = 'panel';
});
afterEach(cleanup);

describe('hostile strings in the lead panel', () => {
  it.each(plainStrings().map((s) => [JSON.stringify(s).slice(0, 60), s]))('renders %s as text wherever a string goes', async (_name, s) => {
    const { container } = render(
      <LeadPanel state={leadState(s)} tabId={1} messenger={hostileMessenger(s, HOSTILE_HTML.slice(0, 6))} now={() => NOW} onOpenOptions={() => {}} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.message').length).toBeGreaterThan(0), { timeout: 5_000 });
    expectSafeDom(container, s);
    expect(screen.getByRole('heading', { level: 1 }).textContent, 'the name is text').toBe(s);
    expect((container.querySelector('textarea') as HTMLTextAreaElement).value, 'the note is text').toBe(`${s}\n-- 2025-03-12 10:00 --\n${s}`);
    expect(container.textContent, 'the campaign name is text').toContain(s.replace(/\s+/g, ' ').trim().slice(0, 10));
  });

  it('renders every hostile message body as sanitised markup', async () => {
    const { container } = render(
      <RecentMessages conversationId="conv_1" version={1} leadName="Grace Hopper" load={(id) => hostileMessenger('x', HOSTILE_HTML).send('conversation-messages', { conversationId: id })} limit={HOSTILE_HTML.length} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.message')).toHaveLength(HOSTILE_HTML.length), { timeout: 5_000 });
    expectSafeDom(container, 'messages');
    const text = container.textContent ?? '';
    for (const kept of ['hover me', 'toggle', 'background', 'after template', 'ok link']) expect(text, 'the text survives').toContain(kept);
    expect(text, 'script bodies are dropped, not shown').not.toContain('document.title=');
    const ok = Array.from(container.querySelectorAll('a')).find((a) => a.textContent === 'ok link');
    expect(ok?.getAttribute('href'), 'a safe link is kept').toBe('https://ok.example/');
  });

  it.each(HOSTILE_STRINGS.map((s) => [JSON.stringify(s).slice(0, 60), s]))('renders %s as text in the other panel states', async (_name, s) => {
    for (const state of [
      { kind: 'bad-key', detail: s },
      { kind: 'error', code: 'server', detail: s },
      { kind: 'error', code: 'malformed', detail: s, profileUrl: s },
    ] satisfies PanelState[]) {
      const { container, unmount } = render(<LeadPanel state={state} tabId={1} messenger={hostileMessenger(s, [])} now={() => NOW} onOpenOptions={() => {}} />);
      expectSafeDom(container, `${state.kind}: ${s}`);
      expect(container.textContent, `${state.kind}: the message is text`).toContain(s.trim().slice(0, 10));
      unmount();
    }
    const noLead = {
      kind: 'no-lead' as const,
      profileUrl: s,
      slug: s,
      displayName: s,
      pending: [{ ...outboxItem('3', s, 'pending'), kind: 'add-to-audience' as const }],
      failed: [{ ...outboxItem('4', s, 'failed'), kind: 'add-to-audience' as const }],
    };
    const messenger = hostileMessenger(s, []);
    const { container } = render(
      <NoLead
        state={noLead}
        loadAudiences={() => messenger.send('audiences', {})}
        loadCredits={() => messenger.send('credits', {})}
        addToAudience={() => messenger.send('add-to-audience', { profileUrl: s, audience: s })}
        enrich={() => messenger.send('enrich', { profileUrl: s, enrichType: 'PRONET_ENRICH', firstname: s, lastname: s })}
        onRetry={() => {}}
        onDiscard={() => {}}
        findByName={() => messenger.send('find-by-name', { tabId: 1, firstname: s, lastname: s, companyName: s })}
        link={async () => {}}
        loadCrm={() => messenger.send('crm-records', { tabId: 1 })}
      />,
    );
    await waitFor(() => expect(container.querySelectorAll('option').length).toBeGreaterThan(0), { timeout: 5_000 });
    expectSafeDom(container, `no-lead: ${s}`);
    expect(Array.from(container.querySelectorAll('option')).some((o) => (o.textContent ?? '').includes(s.trim().slice(0, 10))), 'the audience name is text').toBe(true);
  });
});
