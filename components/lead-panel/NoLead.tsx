import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import type { AudienceView, CreditsView, EnrichResultView, NameSearchView, OutboxItemView, PanelState, PossibleMatchView } from '../../lib/views';
import type { EnrichType } from '../../lib/api/enrichment';
import { errorText, type ErrorText } from '../error-text';
import { formatNumber } from '../format';
import { t, type MessageKey } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';
import { FindByName } from './FindByName';
import { OutboxList } from './OutboxList';

type NoLeadState = Extract<PanelState, { kind: 'no-lead' }>;

export interface NoLeadProps {
  state: NoLeadState;
  loadAudiences: () => Promise<Reply<AudienceView[]>>;
  loadCredits: () => Promise<Reply<CreditsView>>;
  addToAudience: (input: { audience: string; firstname?: string; lastname?: string }) => Promise<Reply<OutboxItemView>>;
  enrich: (input: { enrichType: EnrichType; firstname: string; lastname: string }) => Promise<Reply<EnrichResultView>>;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  findByName: (query: { firstname: string; lastname: string; companyName: string }) => Promise<Reply<NameSearchView>>;
  link: (match: PossibleMatchView) => Promise<void>;
}

const NEW_AUDIENCE = '\u0000new';

/** "margaret-hamilton" → ["Margaret", "Hamilton"]: a first guess the user can correct. */
export function guessNames(displayName: string | undefined, slug: string): [string, string] {
  const source = displayName?.trim() || slug.replace(/-\d+$/, '').replace(/[-_.]+/g, ' ');
  const words = source.split(/\s+/).filter(Boolean).map((w) => (displayName ? w : w[0]!.toUpperCase() + w.slice(1)));
  if (words.length === 0) return ['', ''];
  if (words.length === 1) return [words[0]!, ''];
  return [words.slice(0, -1).join(' '), words[words.length - 1]!];
}

const enrichTypes: { value: EnrichType; key: MessageKey }[] = [
  { value: 'EMAIL_ENRICH', key: 'enrichTypeEmail' },
  { value: 'PRONET_ENRICH', key: 'enrichTypeProfile' },
  { value: 'FULL_ENRICH', key: 'enrichTypeFull' },
];

/** A profile that is no lead yet: add it to an audience, or enrich it (credit balance first). */
export function NoLead({ state, loadAudiences, loadCredits, addToAudience, enrich, onRetry, onDiscard, findByName, link }: NoLeadProps) {
  const [guessFirst, guessLast] = guessNames(state.displayName, state.slug);
  const [firstname, setFirstname] = useState(guessFirst);
  const [lastname, setLastname] = useState(guessLast);
  const [audiences, setAudiences] = useState<AudienceView[] | null>(null);
  const [audienceChoice, setAudienceChoice] = useState('');
  const [newAudience, setNewAudience] = useState('');
  const [credits, setCredits] = useState<CreditsView | null>(null);
  const [creditsError, setCreditsError] = useState<ErrorText | null>(null);
  const [enrichType, setEnrichType] = useState<EnrichType>('EMAIL_ENRICH');
  const [busy, setBusy] = useState<'add' | 'enrich' | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok'; text: string } | { tone: 'danger'; error: ErrorText } | null>(null);

  useEffect(() => {
    setFirstname(guessFirst);
    setLastname(guessLast);
    setMessage(null);
  }, [state.profileUrl]); // a new profile starts from its own guess

  useEffect(() => {
    let live = true;
    void loadAudiences().then((reply) => {
      if (!live) return;
      const list = reply.ok ? reply.value : [];
      setAudiences(list);
      setAudienceChoice((current) => current || (list[0]?.name ?? NEW_AUDIENCE));
    });
    void loadCredits().then((reply) => {
      if (!live) return;
      if (reply.ok) setCredits(reply.value);
      else setCreditsError(errorText(reply.error));
    });
    return () => {
      live = false;
    };
  }, [loadAudiences, loadCredits]);

  const audienceName = audienceChoice === NEW_AUDIENCE ? newAudience.trim() : audienceChoice;
  const addPending = state.pending.length > 0;

  async function add() {
    if (!audienceName) return;
    setBusy('add');
    setMessage(null);
    const reply = await addToAudience({
      audience: audienceName,
      ...(firstname.trim() ? { firstname: firstname.trim() } : {}),
      ...(lastname.trim() ? { lastname: lastname.trim() } : {}),
    });
    setBusy(null);
    setMessage(reply.ok ? { tone: 'ok', text: t('addedToAudience', audienceName) } : { tone: 'danger', error: errorText(reply.error) });
  }

  async function runEnrich() {
    setBusy('enrich');
    setMessage(null);
    const reply = await enrich({ enrichType, firstname: firstname.trim(), lastname: lastname.trim() });
    setBusy(null);
    if (reply.ok) {
      setMessage({ tone: 'ok', text: t('enrichRequested', formatNumber(reply.value.creditsSpent)) });
      void loadCredits().then((r) => r.ok && setCredits(r.value));
    } else {
      setMessage({ tone: 'danger', error: errorText(reply.error) });
    }
  }

  const namesMissing = firstname.trim() === '' || lastname.trim() === '';
  const noCredits = credits !== null && credits.total <= 0;

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

      <FindByName
        firstname={guessFirst}
        lastname={guessLast}
        company={state.displayCompany ?? ''}
        resetKey={state.profileUrl}
        find={findByName}
        link={link}
      />

      <section class="card card-body stack" aria-labelledby="add-title">
        <h2 class="card-title" id="add-title">
          {t('addToAudienceTitle')}
        </h2>
        <div class="grid-2">
          <div class="field">
            <label class="field-label" for="lead-first">
              {t('firstName')}
            </label>
            <input id="lead-first" class="input" value={firstname} onInput={(e) => setFirstname(e.currentTarget.value)} autocomplete="off" />
          </div>
          <div class="field">
            <label class="field-label" for="lead-last">
              {t('lastName')}
            </label>
            <input id="lead-last" class="input" value={lastname} onInput={(e) => setLastname(e.currentTarget.value)} autocomplete="off" />
          </div>
        </div>
        <div class="field">
          <label class="field-label" for="audience-select">
            {t('audienceLabel')}
          </label>
          <select id="audience-select" class="select" value={audienceChoice} onChange={(e) => setAudienceChoice(e.currentTarget.value)} disabled={audiences === null}>
            {(audiences ?? []).map((a) => (
              <option key={a.id} value={a.name}>
                {a.size === null ? a.name : t('audienceOption', a.name, formatNumber(a.size))}
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
          <Button variant="primary" onClick={() => void add()} busy={busy === 'add'} disabled={!audienceName || addPending} icon={<Icon name="plus" />}>
            {t('addToAudience')}
          </Button>
        </div>
        <OutboxList pending={state.pending} failed={state.failed} onRetry={onRetry} onDiscard={onDiscard} />
      </section>

      <section class="card card-body stack" aria-labelledby="enrich-title">
        <div class="row">
          <h2 class="card-title" id="enrich-title">
            {t('enrichTitle')}
          </h2>
          <span class="spacer" />
          <span class="credits" data-testid="credits" aria-live="polite">
            {credits
              ? t('creditsAvailable', formatNumber(credits.total))
              : creditsError
                ? t('creditsUnknown')
                : t('creditsLoading')}
          </span>
        </div>
        {credits && credits.perishable > 0 ? <p class="field-hint">{t('creditsPerishable', formatNumber(credits.perishable))}</p> : null}
        {creditsError ? (
          <p class="field-error">
            <ErrorMessage text={creditsError} />
          </p>
        ) : null}
        <div class="field">
          <label class="field-label" for="enrich-type">
            {t('enrichTypeLabel')}
          </label>
          <select id="enrich-type" class="select" value={enrichType} onChange={(e) => setEnrichType(e.currentTarget.value as EnrichType)}>
            {enrichTypes.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.key)}
              </option>
            ))}
          </select>
        </div>
        <p class="field-hint">{namesMissing ? t('enrichNeedsNames') : t('enrichSpendsCredits')}</p>
        <div class="row">
          <Button onClick={() => void runEnrich()} busy={busy === 'enrich'} disabled={credits === null || noCredits || namesMissing} icon={<Icon name="sparkle" />}>
            {t('enrich')}
          </Button>
        </div>
      </section>

      {message ? (
        <div class={`notice notice-${message.tone}`} role={message.tone === 'danger' ? 'alert' : 'status'}>
          {message.tone === 'ok' ? message.text : <ErrorMessage text={message.error} />}
        </div>
      ) : null}
    </div>
  );
}
