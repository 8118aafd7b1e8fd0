/**
 * This page's audience picker (issue 43): the campaigns' audiences first, each audience once with its
 * campaigns named, then the others, with their sizes read again whenever `sizesAfter` changes (a
 * batch settled or undone, an import done); and "New audience…": a name, Create, and the new audience
 * chosen (`audience-create`: the worker sends it once whatever fails, `handlers/audience-create.ts`).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { AudienceView, CampaignAudienceView } from '../../lib/views';
import { errorText } from '../error-text';
import { formatNumber } from '../format';
import { t, tn } from '../i18n';
import { Button } from '../ui/Button';
import { Notice, type NoticeMessage } from '../ui/Notice';

/** The audience the picker chose: what an add is sent to. */
export interface ChosenAudience {
  id: string;
  name: string;
}

export interface AudiencePickerProps {
  messenger: Messenger;
  /** A key that changes when the audiences' sizes may have changed: they are read again then. */
  sizesAfter: string;
  /** The audience chosen, or null while none is. */
  onChoose(audience: ChosenAudience | null): void;
  /** The workspace's audiences as last read (null while loading), for the import's own picker. */
  onAudiences?(audiences: AudienceView[] | null): void;
}

interface AudienceChoice extends ChosenAudience {
  label: string;
}

/** The value of the select's "New audience…" option (no audience id looks like it). */
const NEW = '\u0000new';

/**
 * The campaigns' audiences first (audience, size, the names of its campaigns), then the other
 * audiences: each audience once, however many campaigns send to it.
 */
export function audienceChoices(audiences: readonly AudienceView[], campaigns: readonly CampaignAudienceView[]): { campaigns: AudienceChoice[]; others: AudienceChoice[] } {
  const byName = new Map(audiences.map((a) => [a.name.toLowerCase(), a]));
  const sized = (a: AudienceView) => (a.size === null ? a.name : tn('audienceOption', a.size, a.name, formatNumber(a.size)));
  const campaignsOf = new Map<string, { audience: AudienceView; names: string[] }>();
  for (const c of campaigns) {
    const a = byName.get(c.audience.toLowerCase());
    if (!a) continue;
    const entry = campaignsOf.get(a.id) ?? { audience: a, names: [] };
    if (!entry.names.includes(c.name)) entry.names.push(c.name);
    campaignsOf.set(a.id, entry);
  }
  const used = new Set(campaignsOf.keys());
  const fromCampaigns = [...campaignsOf.values()].map(({ audience: a, names }) => ({ id: a.id, name: a.name, label: t('thisPageAudienceOfCampaign', sized(a), names.join(', ')) }));
  return { campaigns: fromCampaigns, others: audiences.filter((a) => !used.has(a.id)).map((a) => ({ id: a.id, name: a.name, label: sized(a) })) };
}

/** The audience already named so (names compare as the service does: trimmed, case aside). */
export function audienceNamed(audiences: readonly AudienceView[], name: string): AudienceView | undefined {
  const key = name.trim().toLowerCase();
  return key === '' ? undefined : audiences.find((a) => a.name.trim().toLowerCase() === key);
}

export function AudiencePicker({ messenger, sizesAfter, onChoose, onAudiences }: AudiencePickerProps) {
  const [audiences, setAudiences] = useState<AudienceView[] | null>(null);
  const [campaigns, setCampaigns] = useState<CampaignAudienceView[]>([]);
  const [audienceId, setAudienceId] = useState('');
  /** "New audience…" open: the name typed so far. */
  const [newName, setNewName] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  /** Bumped after a create (whatever its outcome): the list is read again. */
  const [created, setCreated] = useState(0);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([messenger.send('audiences', {}), messenger.send('campaign-audiences', {})]).then(([read, ofCampaigns]) => {
      if (!live) return;
      if (!read.ok) {
        setMessage({ tone: 'danger', error: errorText(read.error) });
        return;
      }
      const list = ofCampaigns.ok ? ofCampaigns.value : [];
      setAudiences(read.value);
      setCampaigns(list);
      const next = audienceChoices(read.value, list);
      setAudienceId((current) => current || (next.campaigns[0] ?? next.others[0])?.id || '');
    });
    return () => void (live = false);
  }, [messenger, sizesAfter, created]);

  const choices = audiences ? audienceChoices(audiences, campaigns) : null;
  const audience = [...(choices?.campaigns ?? []), ...(choices?.others ?? [])].find((a) => a.id === audienceId) ?? null;
  // While a new audience is being named, nothing is chosen: Add waits for it.
  const chosenId = newName === null ? (audience?.id ?? '') : '';
  const chosenName = audience?.name ?? '';
  useEffect(() => onChoose(chosenId ? { id: chosenId, name: chosenName } : null), [chosenId, chosenName]);
  useEffect(() => onAudiences?.(audiences), [audiences]);

  const name = newName?.trim() ?? '';
  // Said before any call, from the list as read; the service's answer says it too (a list read earlier).
  const taken = audiences && name ? audienceNamed(audiences, name) : undefined;

  async function create() {
    if (!name || taken || creating) return;
    setCreating(true);
    setMessage(null);
    const reply = await messenger.send('audience-create', { name });
    setCreating(false);
    setCreated((n) => n + 1);
    if (!reply.ok) {
      // The worker stopped before it answered: the create may have landed, and the list is read again.
      const lost = reply.error.code === 'internal' && reply.error.reason === 'no-answer';
      setMessage({ tone: 'danger', error: errorText(lost ? { code: 'bad-request', reason: 'audience-unconfirmed' } : reply.error) });
      return;
    }
    const made = reply.value;
    // Chosen at once, with the size the service gave (0), before the list is read again.
    setAudiences((list) => (list && !list.some((a) => a.id === made.id) ? [...list, made] : list));
    setAudienceId(made.id);
    setNewName(null);
    setMessage({ tone: 'ok', text: t('thisPageAudienceCreated', made.name) });
  }

  return (
    <div class="stack this-page-audience-picker">
      <div class="field">
        <label class="field-label" for="this-page-audience">
          {t('thisPageAudience')}
        </label>
        <select
          id="this-page-audience"
          class="select"
          value={newName !== null ? NEW : audienceId}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (value === NEW) setNewName((current) => current ?? '');
            else {
              setNewName(null);
              setAudienceId(value);
            }
          }}
          disabled={choices === null || creating}
        >
          {audienceId === '' && newName === null ? <option value="">{t('thisPageChooseAudience')}</option> : null}
          {choices ? <AudienceGroup label={t('thisPageCampaignAudiences')} choices={choices.campaigns} /> : null}
          {choices ? <AudienceGroup label={t('thisPageOtherAudiences')} choices={choices.others} /> : null}
          {choices ? <option value={NEW}>{t('newAudienceOption')}</option> : null}
        </select>
      </div>
      {newName !== null ? (
        <form
          class="stack this-page-new-audience"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <div class="field">
            <label class="field-label" for="this-page-new-audience">
              {t('newAudienceLabel')}
            </label>
            <input
              id="this-page-new-audience"
              class="input"
              value={newName}
              maxLength={200}
              autocomplete="off"
              aria-invalid={taken ? true : undefined}
              aria-describedby={taken ? 'this-page-new-audience-taken' : undefined}
              onInput={(e) => setNewName(e.currentTarget.value)}
            />
            {taken ? (
              <p id="this-page-new-audience-taken" class="small field-error">
                {t('thisPageAudienceNameTaken', taken.name)}
              </p>
            ) : null}
          </div>
          <div class="row">
            <Button type="submit" size="sm" variant="primary" busy={creating} disabled={!name || taken !== undefined || creating}>
              {t('thisPageCreateAudience')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setNewName(null)} disabled={creating}>
              {t('thisPageCancelNewAudience')}
            </Button>
          </div>
        </form>
      ) : null}
      <Notice message={message} />
    </div>
  );
}

function AudienceGroup({ label, choices }: { label: string; choices: readonly AudienceChoice[] }) {
  if (choices.length === 0) return null;
  return (
    <optgroup label={label}>
      {choices.map((a) => (
        <option key={a.id} value={a.id}>
          {a.label}
        </option>
      ))}
    </optgroup>
  );
}
