/**
 * The authorization server's pages: sign-in (email and password) and consent (Allow / Deny), plain
 * HTML forms that work without script, each carrying the id of the pending authorization request
 * it answers (the forms are bound to that request; consent also to the browser that signed in).
 */
import { html, raw, type Html } from '../site/html';

const STYLE = raw(`
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; background: Canvas; color: CanvasText; }
  main { width: min(26rem, 92vw); padding: 2rem; border: 1px solid color-mix(in srgb, CanvasText 25%, transparent); border-radius: 12px; }
  h1 { font-size: 1.35rem; margin: 0 0 .5rem; }
  p { line-height: 1.45; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .55rem .6rem; font: inherit; border-radius: 6px; border: 1px solid GrayText; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .55rem 1.2rem; border-radius: 6px; border: 1px solid GrayText; cursor: pointer; background: ButtonFace; color: ButtonText; }
  button.primary { background: #1d4ed8; color: #fff; border-color: #1d4ed8; }
  :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .error { border-left: 4px solid #b91c1c; padding: .25rem .75rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem .75rem; } dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
`);

function page(title: string, body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`.value;
}

export interface SignInView {
  requestId: string;
  clientName: string;
  email?: string;
  error?: string;
}

export function signInPage(v: SignInView): string {
  return page(
    'Sign in — outreach service',
    html`<h1>Sign in</h1>
<p><strong>${v.clientName}</strong> asks to use the outreach service on your behalf. Sign in with your workspace account first.</p>
${v.error ? html`<p class="error" id="sign-in-error" role="alert">${v.error}</p>` : ''}
<form method="post" action="/oauth/sign-in">
  <input type="hidden" name="request" value="${v.requestId}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${v.email ?? ''}"${raw(v.error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : '')}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>`,
  );
}

export interface ConsentView {
  requestId: string;
  clientName: string;
  redirectHost: string;
  memberName: string;
  workspaceName: string;
}

export function consentPage(v: ConsentView): string {
  return page(
    `Allow ${v.clientName}? — outreach service`,
    html`<h1>Allow ${v.clientName}?</h1>
<p><strong>${v.clientName}</strong> will read and act on the inbox, campaigns and leads of the workspace
<strong>${v.workspaceName}</strong> as <strong>${v.memberName}</strong>: archive, snooze, edit notes and send messages.</p>
<dl><dt>Application</dt><dd>${v.clientName}</dd><dt>Returns to</dt><dd>${v.redirectHost}</dd></dl>
<form method="post" action="/oauth/consent">
  <input type="hidden" name="request" value="${v.requestId}">
  <div class="actions">
    <button class="primary" type="submit" name="decision" value="allow">Allow</button>
    <button type="submit" name="decision" value="deny">Deny</button>
  </div>
</form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, html`<h1>${title}</h1><p role="alert">${message}</p>`);
}
