/**
 * The message protocol between the extension's surfaces (side panel, popup, options page, content
 * script) and the background worker.
 *
 * Three channels:
 * 1. Request/reply: `browser.runtime.sendMessage(request)` → `Reply<T>`. Every request is one member of
 *    the discriminated union `Request` (field `type`), validated with zod by the background before
 *    anything else; every reply is the envelope `{ok: true, value} | {ok: false, error}`. Errors cross the
 *    boundary as values (`ErrorView`: a code the UI switches on and words, with details), never as throws.
 *    Use `createMessenger(browser.runtime.sendMessage)` for a typed `send('archive', {...})`.
 * 2. Panel push: a panel opens `browser.runtime.connect({ name: PANEL_PORT })` and posts
 *    `{ subscribe: tabId }`; the background then posts `{ type: 'panel-state', tabId, state }` at once and
 *    whenever that tab's PanelState changes. A port named `OUTBOX_PORT` (options page) receives
 *    `{ type: 'outbox', items }` whenever the outbox changes.
 * 3. Chip push: the background sends `{ type: 'chip-state', state }` to the content script of a tab with
 *    `tabs.sendMessage`. A ChipState never carries anything secret (no key, no note, no lead id). It names
 *    its profile and carries a revision shared with the replies to `profile-viewed`, so the content script
 *    shows the latest state for the profile on screen whichever channel delivers first.
 *
 * Who may send what: this extension's own pages may send every request; a content script may send only
 * the requests in `CONTENT_SCRIPT_REQUESTS` from a tab showing a profile, and `LIST_SCRIPT_REQUESTS`
 * from any other page of a configured profile host. Everything
 * else is refused with the error code `forbidden`.
 *
 * Times are epoch milliseconds throughout. The parts: `messages/requests.ts` (what each request carries),
 * `replies.ts` (what each reply carries, the envelope), `protocol.ts` (the types, who may send what,
 * `parseRequest`), `push.ts` (the push channel), `messenger.ts` (the typed sender), `fields.ts`.
 */
export { PAGE_PEOPLE_MAX } from './messages/fields';
export * from './messages/requests';
export * from './messages/replies';
export * from './messages/protocol';
export * from './messages/push';
export * from './messages/messenger';
