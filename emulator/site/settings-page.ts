/**
 * The service's "API settings" page, served by the emulator at `/` on 127.0.0.1: each workspace
 * with its plan and (when the core hands it over) its key, masked until revealed, and the call
 * history (endpoint, success or error, result summary, timestamp), newest first, with a failed-only
 * filter (`?failed=true`) and a workspace filter (`?workspace=<id>`). The key never appears in the
 * page itself: "Reveal" fetches it from `/settings/api-key/<workspaceId>`.
 */
import { Hono } from 'hono';
import type { CallRecord, Plan } from '../model';
import { type Html, html, raw } from './html';

export interface SettingsPageWorkspace {
  id: string;
  name: string;
  plan: Plan;
  /** When given, shown masked with a Reveal button; otherwise the page says where keys are printed. */
  apiKey?: string;
}

export interface SettingsPageDeps {
  workspaces: () => readonly SettingsPageWorkspace[];
  calls: (filter: { failed?: boolean; workspaceId?: string }) => readonly CallRecord[];
}

/** Rows shown at most; the page says how many were left out. */
export const CALL_ROWS_SHOWN = 500;

/** Bullets and the last four characters: enough to tell keys apart, not to use one. */
export function maskKey(key: string): string {
  return `${'•'.repeat(24)}${key.slice(-4)}`;
}

function formatUtc(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 19)} UTC`;
}

/** Newest first; the id breaks ties between calls of the same millisecond. */
export function newestFirst(calls: readonly CallRecord[]): CallRecord[] {
  return calls.slice().sort((a, b) => b.at - a.at || b.id - a.id);
}

const STYLE = raw(`
*{box-sizing:border-box}
body{margin:0;background:#f6f7f9;color:#1c2430;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
a{color:#3b5bdb}
.app{display:grid;grid-template-columns:220px minmax(0,1fr);min-height:100vh}
.side{background:#111827;color:#cbd5e1;padding:20px 12px}
.logo{display:flex;align-items:center;gap:8px;color:#fff;font-weight:700;font-size:17px;padding:0 8px 20px}
.logo-mark{display:grid;place-items:center;width:28px;height:28px;border-radius:8px;background:linear-gradient(135deg,#6366f1,#22d3ee);color:#fff;font-size:14px}
.side a{display:block;color:#cbd5e1;text-decoration:none;padding:7px 10px;border-radius:6px;margin:2px 0}
.side a.active{background:#1f2937;color:#fff}.side .group{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:#6b7280;margin:16px 10px 4px}
.content{padding:28px 36px;max-width:1200px}
h1{font-size:24px;margin:0 0 4px}.lead{color:#5b6573;margin:0 0 24px}
.card{background:#fff;border:1px solid #e4e7ec;border-radius:12px;padding:20px 24px;margin-bottom:20px;box-shadow:0 1px 2px rgba(16,24,40,.04)}
.card h2{font-size:16px;margin:0 0 4px}.card .sub{color:#5b6573;margin:0 0 16px;font-size:13px}
table{width:100%;border-collapse:collapse}
th{text-align:left;font-size:12px;color:#5b6573;font-weight:600;text-transform:uppercase;letter-spacing:.04em;padding:8px 10px;border-bottom:1px solid #e4e7ec;white-space:nowrap}
td{padding:9px 10px;border-bottom:1px solid #f0f2f5;vertical-align:top}
tr:last-child td{border-bottom:0}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.muted{color:#5b6573}.small{font-size:12px}.nowrap{white-space:nowrap}
.badge{display:inline-block;border-radius:999px;padding:1px 9px;font-size:12px;font-weight:600;white-space:nowrap}
.ok{background:#e7f7ee;color:#177245}.err{background:#fdecec;color:#b42318}
.plan{background:#eef2ff;color:#3b5bdb}.plan-STARTER{background:#f2f4f7;color:#475467}
.key{display:flex;align-items:center;gap:10px}
.btn{border:1px solid #d0d5dd;background:#fff;border-radius:8px;padding:5px 12px;font:600 13px system-ui,sans-serif;color:#1c2430;cursor:pointer}
.btn:hover{background:#f9fafb}
.filters{display:flex;gap:16px;align-items:center;flex-wrap:wrap;margin:0 0 12px}
.filters select{border:1px solid #d0d5dd;border-radius:8px;padding:5px 8px;font:inherit}
.filters label{display:flex;gap:6px;align-items:center}
.table-wrap{overflow-x:auto}
.calls{table-layout:fixed;min-width:760px}
.calls .c-time{width:178px}.calls .c-status{width:128px}.calls .c-ws{width:130px}.calls .c-result{width:30%}
.path{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.calls td{overflow-wrap:anywhere}
.empty{padding:24px;text-align:center;color:#5b6573}
.warn{color:#b54708}
`);

const REVEAL_SCRIPT = raw(`
document.addEventListener('click',function(e){
  var b=e.target.closest&&e.target.closest('button[data-reveal]');if(!b)return;
  var out=document.getElementById('key-'+b.dataset.reveal);
  if(b.dataset.shown==='1'){out.textContent=out.dataset.masked;b.dataset.shown='0';b.textContent='Reveal';return;}
  fetch('/settings/api-key/'+encodeURIComponent(b.dataset.reveal),{cache:'no-store'}).then(function(r){return r.json()}).then(function(j){
    out.textContent=j.apiKey;b.dataset.shown='1';b.textContent='Hide';
  });
});
document.addEventListener('change',function(e){if(e.target.form&&e.target.form.id==='filters')e.target.form.submit();});
`);

function workspacesCard(workspaces: readonly SettingsPageWorkspace[]): Html {
  return html`<section class="card">
    <h2>API keys</h2>
    <p class="sub">Send the key as <span class="mono">Authorization: Bearer &lt;key&gt;</span>. It gives full access to the workspace: never share or log it.</p>
    <table>
      <thead><tr><th>Workspace</th><th>Plan</th><th>Key</th><th>API access</th></tr></thead>
      <tbody>
        ${workspaces.map(
          (w) => html`<tr>
            <td><b>${w.name}</b><div class="muted small mono">${w.id}</div></td>
            <td><span class="badge plan plan-${w.plan}">${w.plan}</span></td>
            <td>${
              w.apiKey !== undefined
                ? html`<div class="key"><span class="mono" id="key-${w.id}" data-masked="${maskKey(w.apiKey)}">${maskKey(w.apiKey)}</span>
                    <button class="btn" type="button" data-reveal="${w.id}">Reveal</button></div>`
                : html`<span class="muted small">printed on the emulator console</span>`
            }</td>
            <td>${w.plan === 'STARTER' ? html`<span class="warn small">Not included in Starter: upgrade to Pro</span>` : html`<span class="badge ok">Enabled</span>`}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

function historyCard(
  calls: readonly CallRecord[],
  workspaces: readonly SettingsPageWorkspace[],
  filter: { failed: boolean; workspaceId: string | undefined },
): Html {
  const rows = newestFirst(calls);
  const shown = rows.slice(0, CALL_ROWS_SHOWN);
  const query = new URLSearchParams();
  if (filter.workspaceId) query.set('workspace', filter.workspaceId);
  if (filter.failed) query.set('failed', 'true');
  const refreshHref = query.size > 0 ? `/?${query.toString()}` : '/';
  return html`<section class="card">
    <h2>Call history</h2>
    <p class="sub">Every API call, newest first: endpoint, outcome, result summary and time.</p>
    <form class="filters" id="filters" method="get" action="/">
      <label>Workspace
        <select name="workspace">
          <option value="">All workspaces</option>
          ${workspaces.map((w) => html`<option value="${w.id}" ${w.id === filter.workspaceId ? raw('selected') : null}>${w.name}</option>`)}
        </select>
      </label>
      <label><input type="checkbox" name="failed" value="true" ${filter.failed ? raw('checked') : null}> Failed calls only</label>
      <noscript><button class="btn" type="submit">Apply</button></noscript>
      <span class="muted small" id="call-count">${rows.length} ${rows.length === 1 ? 'call' : 'calls'}${rows.length > shown.length ? html`, latest ${shown.length} shown` : null}</span>
      <a class="small" href="${refreshHref}">Refresh</a>
    </form>
    ${
      shown.length === 0
        ? html`<div class="empty">${filter.failed ? 'No failed calls.' : 'No calls yet. Calls made with a workspace key appear here.'}</div>`
        : html`<div class="table-wrap"><table class="calls">
      <thead><tr><th class="c-time">Time</th><th>Endpoint</th><th class="c-status">Status</th><th class="c-result">Result</th><th class="c-ws">Workspace</th></tr></thead>
      <tbody>
        ${shown.map(
          (c) => html`<tr class="${c.ok ? 'call-ok' : 'call-failed'}">
            <td class="nowrap mono small">${formatUtc(c.at)}</td>
            <td><b>${c.endpoint ?? 'unknown route'}</b><div class="muted small mono path" title="${c.method} ${c.path}">${c.method} ${c.path}</div></td>
            <td>${c.ok ? html`<span class="badge ok">Success · ${c.status}</span>` : html`<span class="badge err">Error · ${c.status}</span>`}</td>
            <td>${c.summary}</td>
            <td class="small">${c.workspaceName ?? html`<span class="muted">none</span>`}</td>
          </tr>`,
        )}
      </tbody>
    </table></div>`
    }
  </section>`;
}

function pageHtml(body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API settings · Outreach</title>
<style>${STYLE}</style>
</head>
<body>
<div class="app">
  <nav class="side" aria-label="Settings">
    <div class="logo"><span class="logo-mark">O</span>Outreach</div>
    <div class="group">Workspace</div>
    <a href="/">General</a><a href="/">Members</a><a href="/">Integrations</a>
    <div class="group">Developers</div>
    <a class="active" href="/" aria-current="page">API</a><a href="/">Webhooks</a>
    <div class="group">Billing</div>
    <a href="/">Plan &amp; credits</a>
  </nav>
  <main class="content">
    <h1>API settings</h1>
    <p class="lead">Keys and call history of this emulator's workspaces (base URL <span class="mono">/flow</span>).</p>
    ${body}
  </main>
</div>
<script>${REVEAL_SCRIPT}</script>
</body>
</html>`.value;
}

export function settingsPage(deps: SettingsPageDeps): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const failed = c.req.query('failed') === 'true';
    const requested = c.req.query('workspace');
    const workspaces = deps.workspaces();
    const workspaceId = workspaces.some((w) => w.id === requested) ? requested : undefined;
    const calls = deps.calls({ ...(failed ? { failed: true } : {}), ...(workspaceId ? { workspaceId } : {}) });
    c.header('Cache-Control', 'no-store');
    return c.html(pageHtml(html`${workspacesCard(workspaces)}${historyCard(calls, workspaces, { failed, workspaceId })}`));
  });
  app.get('/settings/api-key/:workspaceId', (c) => {
    const ws = deps.workspaces().find((w) => w.id === c.req.param('workspaceId'));
    c.header('Cache-Control', 'no-store');
    if (!ws?.apiKey) return c.json({ statusCode: 404, error: 'Not Found', message: 'No such workspace key.' }, 404);
    return c.json({ apiKey: ws.apiKey });
  });
  return app;
}
