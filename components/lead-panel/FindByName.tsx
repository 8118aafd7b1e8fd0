import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import type { NameSearchView, PossibleMatchView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { formatDateTime } from '../format';
import { t, type MessageKey } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';

/** Longest word sent (the protocol's bound): the page's text is only a suggestion. */
const WORD_MAX = 200;

export interface FindByNameProps {
  /** What the page shows, to prefill the form (never sent before the press). */
  firstname: string;
  lastname: string;
  company: string;
  /** Changes when the tab shows another person: the form starts again from the page. */
  resetKey: string;
  find: (query: { firstname: string; lastname: string; companyName: string }) => Promise<Reply<NameSearchView>>;
  /** Links the profile on screen to a match; absent where there is no profile to link (a lead page without its link). */
  link?: (match: PossibleMatchView) => Promise<void>;
}

const DIFFERS: Record<PossibleMatchView['differs'][number], MessageKey> = {
  name: 'matchDiffersName',
  company: 'matchDiffersCompany',
  url: 'matchDiffersUrl',
  'no-url': 'matchDiffersNoUrl',
};

/** Under a field the page did not show: the user types it (nothing was guessed). */
export function UnreadHint({ id }: { id: string }) {
  return (
    <p class="field-hint" id={id}>
      {t('fieldNotOnPage')}
    </p>
  );
}

/** A field of the form, with its hint while the page gave nothing for it and the user typed nothing yet. */
function WordField(props: { id: string; label: string; value: string; unread: boolean; onInput: (value: string) => void }) {
  const hint = props.unread && props.value.trim() === '';
  return (
    <div class="field">
      <label class="field-label" for={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        class="input"
        value={props.value}
        maxLength={WORD_MAX}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        autocomplete="off"
        aria-describedby={hint ? `${props.id}-unread` : undefined}
      />
      {hint ? <UnreadHint id={`${props.id}-unread`} /> : null}
    </div>
  );
}

/** The form's words as they will be sent: trimmed and bounded. */
export function nameQuery(firstname: string, lastname: string, company: string): { firstname: string; lastname: string; companyName: string } | null {
  const q = { firstname: firstname.trim().slice(0, WORD_MAX), lastname: lastname.trim().slice(0, WORD_MAX), companyName: company.trim().slice(0, WORD_MAX) };
  return q.firstname && q.lastname && q.companyName ? q : null;
}

/**
 * Find by name: the URL found no lead, but the service may hold this person without it. The words
 * come from the page (bounded, editable) and go to the service only when the user presses the
 * button; each match is a `Possible match` with what differs, and `Link` makes this profile resolve
 * to it on this browser.
 */
export function FindByName({ firstname, lastname, company, resetKey, find, link }: FindByNameProps) {
  const [first, setFirst] = useState(firstname.slice(0, WORD_MAX));
  const [last, setLast] = useState(lastname.slice(0, WORD_MAX));
  const [comp, setComp] = useState(company.slice(0, WORD_MAX));
  const [result, setResult] = useState<NameSearchView | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** Once the user typed, the page's later words (a heading that shows late) no longer replace theirs. */
  const [edited, setEdited] = useState(false);

  useEffect(() => {
    setEdited(false);
    setResult(null);
    setError(null);
  }, [resetKey]);
  useEffect(() => {
    if (edited) return;
    setFirst(firstname.slice(0, WORD_MAX));
    setLast(lastname.slice(0, WORD_MAX));
    setComp(company.slice(0, WORD_MAX));
  }, [resetKey, firstname, lastname, company, edited]);
  const typed = (set: (value: string) => void) => (value: string) => {
    setEdited(true);
    set(value);
  };

  const query = nameQuery(first, last, comp);

  async function search() {
    if (!query) return;
    setBusy('find');
    setError(null);
    const reply = await find(query);
    setBusy(null);
    if (reply.ok) setResult(reply.value);
    else setError(errorText(reply.error));
  }

  async function linkTo(match: PossibleMatchView) {
    if (!link) return;
    setBusy(match.id);
    try {
      await link(match);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section class="card card-body stack" aria-labelledby="find-title">
      <h2 class="card-title" id="find-title">
        {t('findByNameTitle')}
      </h2>
      <p class="field-hint">{t('findByNameHint')}</p>
      <div class="grid-2">
        <WordField id="find-first" label={t('firstName')} value={first} unread={firstname.trim() === ''} onInput={typed(setFirst)} />
        <WordField id="find-last" label={t('lastName')} value={last} unread={lastname.trim() === ''} onInput={typed(setLast)} />
      </div>
      <WordField id="find-company" label={t('companyLabel')} value={comp} unread={company.trim() === ''} onInput={typed(setComp)} />
      <div class="row">
        <Button onClick={() => void search()} busy={busy === 'find'} disabled={!query || busy !== null} icon={<Icon name="user" />}>
          {t('findByName')}
        </Button>
      </div>
      {error ? (
        <p class="field-error">
          <ErrorMessage text={error} />
        </p>
      ) : null}
      {result ? (
        result.matches.length === 0 ? (
          <p class="muted" role="status">
            {t('findByNameNone')}
          </p>
        ) : (
          <ul class="lead-choices" aria-label={t('possibleMatches')}>
            {result.matches.map((m) => (
              <li key={m.id} class="lead-choice possible-match">
                <div class="picker-text">
                  <span class="pill">{t('possibleMatch')}</span>
                  <span class="picker-title">{m.company ? `${m.name} · ${m.company}` : m.name}</span>
                  <span class="picker-sub">{t('pickLeadCreated', formatDateTime(m.createdAt))}</span>
                  <span class="picker-sub" data-testid="match-differs">
                    {m.differs.length === 0 ? t('matchDiffersNothing') : m.differs.map((d) => t(DIFFERS[d])).join(' · ')}
                  </span>
                </div>
                {link ? (
                  <Button size="sm" variant="primary" busy={busy === m.id} disabled={busy !== null} onClick={() => void linkTo(m)}>
                    {t('linkLead', m.company ? `${m.name} (${m.company})` : m.name)}
                  </Button>
                ) : null}
              </li>
            ))}
            {result.tooManyResults ? <li class="muted small">{t('pickLeadMore')}</li> : null}
          </ul>
        )
      ) : null}
    </section>
  );
}
