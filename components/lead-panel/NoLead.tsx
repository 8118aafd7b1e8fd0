import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import type { AudienceView, CrmRecordsView, CreditsView, EnrichResultView, NameSearchView, OutboxItemView, PanelState, PossibleMatchView } from '../../lib/views';
import type { EnrichType } from '../../lib/api/enrichment';
import { personReading, type ReadField } from '../../lib/pronet/person-name';
import { actionErrorText } from '../error-text';
import { formatNumber } from '../format';
import { t, tn } from '../i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Notice, type NoticeMessage } from '../ui/Notice';
import { CrmFold, type NameWords } from '../person-context/CrmFold';
import { EnrichCard } from './EnrichCard';
import { FindByName, UnreadHint } from './FindByName';
import { OutboxList } from './OutboxList';

type NoLeadState = Extract<PanelState, { kind: 'no-lead' }>;

export interface NoLeadProps {
  state: NoLeadState;
  loadAudiences: () => Promise<Reply<AudienceView[]>>;
  loadCredits: () => Promise<Reply<CreditsView>>;
  addToAudience: (input: AddToAudienceInput) => Promise<Reply<OutboxItemView>>;
  enrich: (input: { enrichType: EnrichType; firstname: string; lastname: string; companyName?: string; jobTitle?: string }) => Promise<Reply<EnrichResultView>>;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  findByName: (query: { firstname: string; lastname: string; companyName: string }) => Promise<Reply<NameSearchView>>;
  link: (match: PossibleMatchView) => Promise<void>;
  /** The profile's CRM records; `byName`: the form's name and company, sent at the user's press. */
  loadCrm: (byName?: NameWords) => Promise<Reply<CrmRecordsView>>;
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

/** A labelled text input, bounded, that the browser does not autofill; says so when the page did not show it. */
function TextField({ id, label, value, onInput, unread }: { id: string; label: string; value: string; onInput: (value: string) => void; unread: boolean }) {
  const hint = unread && value.trim() === '';
  return (
    <div class="field">
      <label class="field-label" for={id}>
        {label}
      </label>
      <input
        id={id}
        class="input"
        value={value}
        maxLength={TEXT_FIELD_MAX}
        onInput={(e) => onInput(e.currentTarget.value)}
        autocomplete="off"
        aria-describedby={hint ? `${id}-unread` : undefined}
      />
      {hint ? <UnreadHint id={`${id}-unread`} /> : null}
    </div>
  );
}

/** A profile that is no lead yet: add it to an audience, or enrich it (credit balance first). */
export function NoLead({ state, loadAudiences, loadCredits, addToAudience, enrich, onRetry, onDiscard, findByName, link, loadCrm }: NoLeadProps) {
  // The one reading of the page every form here starts from (the address only as the last resort).
  const reading = personReading(state, state.slug);
  const unread = new Set(reading.missing);
  const [firstname, setFirstname] = useState(reading.firstname);
  const [lastname, setLastname] = useState(reading.lastname);
  const [companyName, setCompanyName] = useState(reading.company);
  const [jobTitle, setJobTitle] = useState(reading.jobTitle);
  /** The fields the user typed in: the page's later words (a heading that shows late) no longer replace theirs. */
  const [edited, setEdited] = useState<ReadonlySet<ReadField>>(new Set());
  const [audiences, setAudiences] = useState<AudienceView[] | null>(null);
  const [audienceChoice, setAudienceChoice] = useState('');
  const [newAudience, setNewAudience] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  useEffect(() => {
    setEdited(new Set());
    setMessage(null);
  }, [state.profileUrl]); // a new profile starts from its own reading

  useEffect(() => {
    if (!edited.has('firstname')) setFirstname(reading.firstname);
    if (!edited.has('lastname')) setLastname(reading.lastname);
    if (!edited.has('company')) setCompanyName(reading.company);
    if (!edited.has('jobTitle')) setJobTitle(reading.jobTitle);
  }, [state.profileUrl, reading.firstname, reading.lastname, reading.company, reading.jobTitle, edited]);
  const typed = (field: ReadField, set: (value: string) => void) => (value: string) => {
    setEdited((fields) => new Set(fields).add(field));
    set(value);
  };

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
          <h1 class="lead-name">{state.displayName || `${reading.firstname} ${reading.lastname}`.trim() || state.slug}</h1>
          <p class="lead-sub">
            <span class="pill">{t('notALead')}</span>
          </p>
        </div>
      </header>
      {state.via === 'lead-page' ? <p class="muted small via-note">{t('viaLeadPage')}</p> : null}

      <section class="card card-body stack" aria-labelledby="add-title">
        <h2 class="card-title" id="add-title">
          {t('addToAudienceTitle')}
        </h2>
        <div class="grid-2">
          <TextField id="lead-first" label={t('firstName')} value={firstname} onInput={typed('firstname', setFirstname)} unread={unread.has('firstname')} />
          <TextField id="lead-last" label={t('lastName')} value={lastname} onInput={typed('lastname', setLastname)} unread={unread.has('lastname')} />
          <TextField id="lead-company" label={t('companyLabel')} value={companyName} onInput={typed('company', setCompanyName)} unread={unread.has('company')} />
          <TextField id="lead-title" label={t('jobTitleLabel')} value={jobTitle} onInput={typed('jobTitle', setJobTitle)} unread={unread.has('jobTitle')} />
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
        enrich={(enrichType) => {
          // The lead it makes gets the form's facts, as Add to audience would send them.
          const { firstname: first = '', lastname: last = '', companyName: company, jobTitle: title } = audienceInput('', { firstname, lastname, companyName, jobTitle });
          return enrich({ enrichType, firstname: first, lastname: last, ...(company ? { companyName: company } : {}), ...(title ? { jobTitle: title } : {}) });
        }}
        blockedBy={namesMissing ? 'enrichNeedsNames' : undefined}
        alsoDoes="enrichMakesLead"
        enrichment={state.enrichment}
      />

      {/* After the two acts, so that both fit the first screen (issue 45): one scroll away for a person
          the service may hold without this address. */}
      <FindByName firstname={reading.firstname} lastname={reading.lastname} company={reading.company} resetKey={state.profileUrl} find={findByName} link={link} />

      {/* Below the acts too; the name it may search by is the form's, as edited, sent only on the press. */}
      <CrmFold subject={state.profileUrl} load={loadCrm} byName={{ firstname, lastname, companyName }} />

      <Notice message={message} />
    </div>
  );
}
