import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import type { AudienceView, CreditsView, EnrichResultView, NameSearchView, OutboxItemView, PanelState, PossibleMatchView } from '../../lib/views';
import type { EnrichType } from '../../lib/api/enrichment';
import { actionErrorText } from '../error-text';
import { formatNumber } from '../format';
import { t, tn } from '../i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Notice, type NoticeMessage } from '../ui/Notice';
import { EnrichCard } from './EnrichCard';
import { FindByName } from './FindByName';
import { OutboxList } from './OutboxList';

type NoLeadState = Extract<PanelState, { kind: 'no-lead' }>;

export interface NoLeadProps {
  state: NoLeadState;
  loadAudiences: () => Promise<Reply<AudienceView[]>>;
  loadCredits: () => Promise<Reply<CreditsView>>;
  addToAudience: (input: AddToAudienceInput) => Promise<Reply<OutboxItemView>>;
  enrich: (input: { enrichType: EnrichType; firstname: string; lastname: string }) => Promise<Reply<EnrichResultView>>;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  findByName: (query: { firstname: string; lastname: string; companyName: string }) => Promise<Reply<NameSearchView>>;
  link: (match: PossibleMatchView) => Promise<void>;
}

export interface AddToAudienceInput {
  audience: string;
  firstname?: string;
  lastname?: string;
  companyName?: string;
  jobTitle?: string;
}

const NEW_AUDIENCE = '\u0000new';
/** Longest name, company or job title the user may type (the protocol refuses longer). */
export const TEXT_FIELD_MAX = 200;

/**
 * What Add to audience sends: the audience and what the user left in the fields (prefilled from the
 * page, edited or emptied), trimmed, bounded, and left out when empty.
 */
export function audienceInput(audience: string, fields: Record<'firstname' | 'lastname' | 'companyName' | 'jobTitle', string>): AddToAudienceInput {
  const input: AddToAudienceInput = { audience };
  for (const [field, value] of Object.entries(fields) as [keyof typeof fields, string][]) {
    const text = value.replace(/\s+/g, ' ').trim().slice(0, TEXT_FIELD_MAX);
    if (text) input[field] = text;
  }
  return input;
}

/** "margaret-hamilton" → ["Margaret", "Hamilton"]: a first guess the user can correct. */
export function guessNames(displayName: string | undefined, slug: string): [string, string] {
  const source = displayName?.trim() || slug.replace(/-\d+$/, '').replace(/[-_.]+/g, ' ');
  const words = source.split(/\s+/).filter(Boolean).map((w) => (displayName ? w : w[0]!.toUpperCase() + w.slice(1)));
  if (words.length === 0) return ['', ''];
  if (words.length === 1) return [words[0]!, ''];
  return [words.slice(0, -1).join(' '), words[words.length - 1]!];
}

/** A labelled text input, bounded, that the browser does not autofill. */
function TextField({ id, label, value, onInput }: { id: string; label: string; value: string; onInput: (value: string) => void }) {
  return (
    <div class="field">
      <label class="field-label" for={id}>
        {label}
      </label>
      <input id={id} class="input" value={value} maxLength={TEXT_FIELD_MAX} onInput={(e) => onInput(e.currentTarget.value)} autocomplete="off" />
    </div>
  );
}

/** A profile that is no lead yet: add it to an audience, or enrich it (credit balance first). */
export function NoLead({ state, loadAudiences, loadCredits, addToAudience, enrich, onRetry, onDiscard, findByName, link }: NoLeadProps) {
  const [guessFirst, guessLast] = guessNames(state.displayName, state.slug);
  const [firstname, setFirstname] = useState(guessFirst);
  const [lastname, setLastname] = useState(guessLast);
  const [companyName, setCompanyName] = useState(state.company ?? '');
  const [jobTitle, setJobTitle] = useState(state.jobTitle ?? '');
  const [audiences, setAudiences] = useState<AudienceView[] | null>(null);
  const [audienceChoice, setAudienceChoice] = useState('');
  const [newAudience, setNewAudience] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  useEffect(() => {
    setFirstname(guessFirst);
    setLastname(guessLast);
    setCompanyName(state.company ?? '');
    setJobTitle(state.jobTitle ?? '');
    setMessage(null);
  }, [state.profileUrl]); // a new profile starts from its own guess

  // The page's company and title may arrive after the name: filled in while the user left them empty.
  useEffect(() => setCompanyName((v) => v || (state.company ?? '')), [state.company]);
  useEffect(() => setJobTitle((v) => v || (state.jobTitle ?? '')), [state.jobTitle]);

  useEffect(() => {
    let live = true;
    void loadAudiences().then((reply) => {
      if (!live) return;
      const list = reply.ok ? reply.value : [];
      setAudiences(list);
      setAudienceChoice((current) => current || (list[0]?.name ?? NEW_AUDIENCE));
    });
    return () => {
      live = false;
    };
  }, [loadAudiences]);

  const audienceName = audienceChoice === NEW_AUDIENCE ? newAudience.trim() : audienceChoice;
  const addPending = state.pending.length > 0;

  async function add() {
    if (!audienceName) return;
    setBusy(true);
    setMessage(null);
    const reply = await addToAudience(audienceInput(audienceName, { firstname, lastname, companyName, jobTitle }));
    setBusy(false);
    setMessage(reply.ok ? { tone: 'ok', text: t('addedToAudience', audienceName) } : { tone: 'danger', error: actionErrorText(reply.error) });
  }

  const namesMissing = firstname.trim() === '' || lastname.trim() === '';

  return (
    <div class="stack">
      <header class="lead-header">
        <div class="avatar avatar-muted" aria-hidden="true">
          <Icon name="user" size={18} />
        </div>
        <div class="lead-heading">
          <h1 class="lead-name">{state.displayName || `${guessFirst} ${guessLast}`.trim() || state.slug}</h1>
          <p class="lead-sub">
            <span class="pill">{t('notALead')}</span>
          </p>
        </div>
      </header>
      {state.via === 'lead-page' ? <p class="muted small via-note">{t('viaLeadPage')}</p> : null}

      <FindByName firstname={guessFirst} lastname={guessLast} company={state.company ?? ''} resetKey={state.profileUrl} find={findByName} link={link} />

      <section class="card card-body stack" aria-labelledby="add-title">
        <h2 class="card-title" id="add-title">
          {t('addToAudienceTitle')}
        </h2>
        <div class="grid-2">
          <TextField id="lead-first" label={t('firstName')} value={firstname} onInput={setFirstname} />
          <TextField id="lead-last" label={t('lastName')} value={lastname} onInput={setLastname} />
          <TextField id="lead-company" label={t('companyLabel')} value={companyName} onInput={setCompanyName} />
          <TextField id="lead-title" label={t('jobTitleLabel')} value={jobTitle} onInput={setJobTitle} />
        </div>
        <div class="field">
          <label class="field-label" for="audience-select">
            {t('audienceLabel')}
          </label>
          <select id="audience-select" class="select" value={audienceChoice} onChange={(e) => setAudienceChoice(e.currentTarget.value)} disabled={audiences === null}>
            {(audiences ?? []).map((a) => (
              <option key={a.id} value={a.name}>
                {a.size === null ? a.name : tn('audienceOption', a.size, a.name, formatNumber(a.size))}
              </option>
            ))}
            <option value={NEW_AUDIENCE}>{t('newAudienceOption')}</option>
          </select>
        </div>
        {audienceChoice === NEW_AUDIENCE ? (
          <div class="field">
            <label class="field-label" for="audience-new">
              {t('newAudienceLabel')}
            </label>
            <input id="audience-new" class="input" value={newAudience} maxLength={200} onInput={(e) => setNewAudience(e.currentTarget.value)} />
          </div>
        ) : null}
        <div class="row">
          <Button variant="primary" onClick={() => void add()} busy={busy} disabled={!audienceName || addPending} icon={<Icon name="plus" />}>
            {t('addToAudience')}
          </Button>
        </div>
        <OutboxList pending={state.pending} failed={state.failed} onRetry={onRetry} onDiscard={onDiscard} />
      </section>

      <EnrichCard
        loadCredits={loadCredits}
        enrich={(enrichType) => enrich({ enrichType, firstname: firstname.trim(), lastname: lastname.trim() })}
        blockedBy={namesMissing ? 'enrichNeedsNames' : undefined}
        enrichment={state.enrichment}
      />

      <Notice message={message} />
    </div>
  );
}
