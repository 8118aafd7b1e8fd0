/**
 * "Import all N results" (issue 43), beside "Add the selected" on a search page (on a post: the
 * people who reacted, or who commented). The press opens a form in place that names the search, the
 * count the page states, the identity, the two options and the audience; Confirm sends ONE request
 * (the worker queues one POST /audiences), then the import's progress follows the audience's size.
 */
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { AudienceView, IdentityView, ImportAllView, PostCategory, ThisPageView } from '../../lib/views';
import { errorText } from '../error-text';
import { formatNumber } from '../format';
import { t, tn } from '../i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Notice, type NoticeMessage } from '../ui/Notice';
import { importRequest, initialForm, progressLine, suggestedName, type ImportForm } from './import-form';

export interface ImportAllProps {
  messenger: Messenger;
  tabId: number;
  importAll: ImportAllView;
  /** The workspace's audiences (the picker's), null while loading. */
  audiences: readonly AudienceView[] | null;
  /** The tab's view after the confirm. */
  onView(view: ThisPageView): void;
}

const today = () => new Date().toISOString().slice(0, 10);

export function ImportAll({ messenger, tabId, importAll, audiences, onView }: ImportAllProps) {
  const { source, latest } = importAll;
  const [form, setForm] = useState<ImportForm | null>(null);
  const [identities, setIdentities] = useState<IdentityView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  async function open(category: PostCategory | null) {
    setMessage(null);
    const named = suggestedName(source, category, today());
    const reply = identities ? { ok: true as const, value: identities } : await messenger.send('identities', {});
    if (!reply.ok) {
      setMessage({ tone: 'danger', error: errorText(reply.error) });
      return;
    }
    setIdentities(reply.value);
    setForm(initialForm(category, reply.value, importAll.lastIdentityId, t(named.key, named.arg)));
  }

  const request = form ? importRequest(form, audiences ?? [], tabId) : null;

  async function confirm() {
    if (!request) return;
    setBusy(true);
    setMessage(null);
    const reply = await messenger.send('this-page-import', request);
    setBusy(false);
    if (reply.ok) {
      setForm(null);
      onView(reply.value);
    } else setMessage({ tone: 'danger', error: errorText(reply.error) });
  }

  const change = (patch: Partial<ImportForm>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const count = source.statedCount;
  const underWay = latest !== null && (latest.state === 'queued' || latest.state === 'sent' || latest.state === 'following');

  return (
    <div class="stack search-import">
      {form === null ? (
        source.kind === 'search' ? (
          <Button variant="soft" block onClick={() => void open(null)} disabled={underWay} icon={<Icon name="plus" />}>
            {count !== null ? tn('importAllResults', count, formatNumber(count)) : t('importAllResultsUnknown')}
          </Button>
        ) : (
          <div class="row">
            <Button variant="soft" onClick={() => void open('REACTIONS')} disabled={underWay}>
              {t('importReacted')}
            </Button>
            <Button variant="soft" onClick={() => void open('COMMENTS')} disabled={underWay}>
              {t('importCommented')}
            </Button>
          </div>
        )
      ) : (
        <form
          class="stack search-import-form"
          aria-label={t('importFormTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <dl class="search-import-source small">
            {source.kind === 'search' ? (
              <>
                <dt>{t('importSearchWords')}</dt>
                <dd>{source.keywords || t('importNoKeywords')}</dd>
                {source.filters.map((f) => (
                  <Fragment key={f.name}>
                    <dt>{f.name}</dt>
                    <dd>{f.values.join(', ')}</dd>
                  </Fragment>
                ))}
                <dt>{t('importResultCount')}</dt>
                <dd data-testid="import-count">{count !== null ? formatNumber(count) : t('importCountUnknown')}</dd>
              </>
            ) : (
              <>
                <dt>{t('importPostPeople')}</dt>
                <dd>{form.category === 'COMMENTS' ? t('importCommented') : t('importReacted')}</dd>
              </>
            )}
          </dl>
          <div class="field">
            <label class="field-label" for="import-identity">
              {t('importIdentity')}
            </label>
            <select id="import-identity" class="select" value={form.identityId} onChange={(e) => change({ identityId: e.currentTarget.value })}>
              {(identities ?? []).map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </select>
          </div>
          <label class="checkbox">
            <input type="checkbox" checked={form.skipContacted} onChange={(e) => change({ skipContacted: e.currentTarget.checked })} />
            <span>{t('importSkipContacted')}</span>
          </label>
          <label class="checkbox">
            <input type="checkbox" checked={form.keepImporting} onChange={(e) => change({ keepImporting: e.currentTarget.checked })} />
            <span>{t('importKeepImporting')}</span>
          </label>
          <div class="field">
            <label class="field-label" for="import-audience">
              {t('importAudience')}
            </label>
            <select id="import-audience" class="select" value={form.audienceId} onChange={(e) => change({ audienceId: e.currentTarget.value })}>
              <option value="">{t('importNewAudience')}</option>
              {(audiences ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.size === null ? a.name : tn('audienceOption', a.size, a.name, formatNumber(a.size))}
                </option>
              ))}
            </select>
          </div>
          {form.audienceId === '' ? (
            <div class="field">
              <label class="field-label" for="import-new-name">
                {t('importNewName')}
              </label>
              <input id="import-new-name" class="input" value={form.newName} maxLength={200} onInput={(e) => change({ newName: e.currentTarget.value })} />
            </div>
          ) : null}
          <div class="row">
            <Button type="submit" variant="primary" busy={busy} disabled={!request || busy}>
              {t('importConfirm')}
            </Button>
            <Button variant="soft" onClick={() => setForm(null)}>
              {t('importCancel')}
            </Button>
          </div>
        </form>
      )}
      {latest ? <ImportStatus latest={latest} /> : null}
      <Notice message={message} />
    </div>
  );
}

function ImportStatus({ latest }: { latest: NonNullable<ImportAllView['latest']> }) {
  const line = progressLine(latest);
  const args = line.args.map((n) => formatNumber(n));
  return (
    <section class="card card-body stack search-import-status" aria-label={latest.audience}>
      <p role="status" data-testid="import-progress">
        {tn(line.key, line.n, ...args)}
      </p>
      {latest.error ? <p class="muted small">{errorText(latest.error).sentence}</p> : null}
    </section>
  );
}
