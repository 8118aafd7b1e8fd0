/**
 * Templates and snippets beside the reply box: a button that opens a small panel listing the
 * campaign's steps of the reply's channel and the user's snippets (filled in their previews), the
 * arrow keys moving between them, Esc closing. Asked of the worker when first opened (it fetches a
 * campaign's templates once and keeps them). The reply can be saved as a snippet here, and a snippet
 * deleted.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { pickerMove, pickerOffer, type PickerEntry } from '../../lib/inbox/reply-picker';
import type { ReplyChannel } from '../../lib/inbox/reply-rules';
import { SNIPPET_NAME_MAX } from '../../lib/inbox/snippets';
import type { Messenger } from '../../lib/messages';
import type { ReplySnippetView, ReplyTemplatesView } from '../../lib/views';
import { actionErrorText, errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';

export interface ReplyPickerProps {
  conversationId: string;
  leadId: string;
  messenger: Messenger;
  channel: ReplyChannel;
  /** The reply as it stands (what "Save as snippet" keeps). */
  text: string;
  onPick(entry: PickerEntry, fields: Readonly<Record<string, string>>): void;
}

export function ReplyPicker({ conversationId, leadId, messenger, channel, text, onPick }: ReplyPickerProps) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<ReplyTemplatesView | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const [name, setName] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const panelId = `reply-picker-${conversationId}`;

  useEffect(() => {
    setView(null);
    setOpen(false);
  }, [conversationId, leadId]);

  useEffect(() => {
    if (!open || view) return;
    let live = true;
    setError(null);
    void messenger.send('reply-templates', { conversationId, leadId }).then((r) => {
      if (!live) return;
      if (r.ok) setView(r.value);
      else setError(errorText(r.error));
    });
    return () => {
      live = false;
    };
  }, [open, view, conversationId, leadId, messenger]);

  // Opened (and loaded): the first entry takes the focus.
  useEffect(() => {
    if (open && view) popup.current?.querySelector<HTMLButtonElement>('[data-pick]')?.focus();
  }, [open, view !== null]);

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }

  function keys(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
      return;
    }
    const picks = [...(popup.current?.querySelectorAll<HTMLButtonElement>('[data-pick]') ?? [])];
    const index = picks.indexOf(document.activeElement as HTMLButtonElement);
    const next = index < 0 ? null : pickerMove(e.key, index, picks.length);
    if (next === null) return;
    e.preventDefault();
    picks[next]?.focus();
  }

  function changed(snippets: ReplySnippetView[]) {
    setView((v) => (v ? { ...v, snippets } : v));
  }

  async function save() {
    const reply = await messenger.send('reply-snippet-save', { name: name.trim(), text });
    if (!reply.ok) return setError(actionErrorText(reply.error));
    changed(reply.value);
    setName('');
  }

  async function remove(id: string) {
    const reply = await messenger.send('reply-snippet-delete', { id });
    if (!reply.ok) return setError(actionErrorText(reply.error));
    changed(reply.value);
  }

  const offer = pickerOffer(view, channel);
  const pick = (entry: PickerEntry) => {
    if (!view) return;
    setOpen(false);
    onPick(entry, view.fields);
  };

  return (
    <div class="reply-picker">
      <button ref={trigger} type="button" class="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => (open ? close() : setOpen(true))}>
        <Icon name="list" />
        {t('replyTemplates')}
      </button>
      {open ? (
        <div id={panelId} ref={popup} class="reply-picker-panel" role="group" aria-label={t('replyTemplatesLabel')} onKeyDown={keys}>
          {error ? <ErrorMessage text={error} /> : null}
          {!view && !error ? <p class="muted small">{t('replyTemplatesLoading')}</p> : null}
          {view ? (
            <>
              <p class="reply-picker-heading" id={`${panelId}-templates`}>
                {t('replyCampaignTemplates')}
              </p>
              {offer.templates.length === 0 ? <p class="muted small">{t('replyNoTemplates')}</p> : null}
              <ul class="reply-picker-list" aria-labelledby={`${panelId}-templates`}>
                {offer.templates.map((e) => (
                  <li key={e.id}>
                    <button type="button" class="reply-pick" data-pick onClick={() => pick(e)}>
                      <span class="reply-pick-name">
                        {t('replyTemplateStep', e.step ?? 0)}
                        {e.paused ? <span class="muted"> · {t('replyTemplatePaused')}</span> : null}
                      </span>
                      <span class="reply-pick-preview">{e.preview}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <p class="reply-picker-heading" id={`${panelId}-snippets`}>
                {t('replySnippets')}
              </p>
              {offer.snippets.length === 0 ? <p class="muted small">{t('replyNoSnippets')}</p> : null}
              <ul class="reply-picker-list" aria-labelledby={`${panelId}-snippets`}>
                {offer.snippets.map((e) => (
                  <li key={e.id} class="reply-snippet">
                    <button type="button" class="reply-pick" data-pick onClick={() => pick(e)}>
                      <span class="reply-pick-name">{e.name}</span>
                      <span class="reply-pick-preview">{e.preview}</span>
                    </button>
                    <Button size="sm" variant="ghost" icon={<Icon name="x" />} aria-label={t('replySnippetDelete', e.name ?? '')} title={t('replySnippetDelete', e.name ?? '')} onClick={() => void remove(e.id)} />
                  </li>
                ))}
              </ul>
              <form
                class="row reply-snippet-new"
                onSubmit={(e) => {
                  e.preventDefault();
                  void save();
                }}
              >
                <input class="input" type="text" aria-label={t('replySnippetName')} placeholder={t('replySnippetName')} value={name} maxLength={SNIPPET_NAME_MAX} onInput={(e) => setName(e.currentTarget.value)} />
                <Button type="submit" size="sm" disabled={name.trim() === '' || text.trim() === ''}>
                  {t('replySnippetSave')}
                </Button>
              </form>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
