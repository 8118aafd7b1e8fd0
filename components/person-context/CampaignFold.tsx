/**
 * The conversation's details (issue 44): its campaign with the campaign's status, the identity, and
 * where the lead stands in that campaign: what to do, email and network activity in words, out of
 * office until, with when it was read. The closed fold still says the campaign, its status and the
 * to-do. The worker reads the campaign's leads at list priority, a few pages per view.
 */
import type { Reply } from '../../lib/messages';
import { z } from 'zod/mini';
import { CampaignStandingView, type ConversationView, type LeadStandingView } from '../../lib/views';
import { campaignStatusLabel, formatDate, formatNumber, formatShortDateTime } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { Fold, useFold } from '../ui/Fold';
import { emailText, pronetText, todoText } from './standing-text';
import { AskFailed, useAsked } from './use-asked';

export interface CampaignFoldProps {
  conversation: ConversationView;
  /** The lead's standing in the conversation's campaign; `further`: read on past the pages a view reads. */
  load: (campaignId: string, further?: boolean) => Promise<Reply<CampaignStandingView>>;
  now: number;
}

function Standing({ item, now }: { item: LeadStandingView; now: number }) {
  const todo = todoText(item.todo);
  const email = emailText(item.email);
  const pronet = pronetText(item.pronet);
  return (
    <>
      {todo ? (
        <div>
          <dt>{t('standingTodo')}</dt>
          <dd class="standing-todo">{todo}</dd>
        </div>
      ) : null}
      {email ? (
        <div class="wide">
          <dt>{t('standingEmail')}</dt>
          <dd>{email}</dd>
        </div>
      ) : null}
      {pronet ? (
        <div class="wide">
          <dt>{t('standingPronet')}</dt>
          <dd>{pronet}</dd>
        </div>
      ) : null}
      {!email && !pronet ? (
        <div class="wide">
          <dt>{t('standingTitle')}</dt>
          <dd>{t('standingNoActivity')}</dd>
        </div>
      ) : null}
      {item.outOfOfficeUntil !== null && item.outOfOfficeUntil > now ? (
        <div class="wide">
          <dt>{t('standingTitle')}</dt>
          <dd>{t('standingOutOfOffice', formatDate(item.outOfOfficeUntil))}</dd>
        </div>
      ) : null}
    </>
  );
}

/** A conversation without a campaign has no standing to ask for (null). */
const NO_STANDING_OR_VIEW = z.nullable(CampaignStandingView);

export function CampaignFold({ conversation, load, now }: CampaignFoldProps) {
  const [open, setOpen] = useFold('details');
  const campaignId = conversation.campaignId;
  const [asked, ask] = useAsked<CampaignStandingView | null, boolean>(`${conversation.leadId}:${campaignId ?? ''}`, NO_STANDING_OR_VIEW, (further) =>
    campaignId === null ? Promise.resolve({ ok: true, value: null }) : load(campaignId, further),
  );
  const standing = asked.kind === 'ready' ? asked.value : null;
  const status = standing ? campaignStatusLabel(standing.campaign.status) : null;
  const todo = standing?.item ? todoText(standing.item.todo) : null;
  // Each part its own text: the campaign's name reads alone, as everywhere else in the panel.
  const parts = [conversation.campaignName, status, todo].filter((p): p is string => Boolean(p));
  const hint = parts.length === 0 ? undefined : parts.flatMap((p, i) => [...(i > 0 ? [' · '] : []), <span key={p}>{p}</span>]);

  return (
    <Fold id="details" title={t('conversationDetails')} hint={hint} open={open} onToggle={setOpen}>
      <dl class="facts" data-testid="campaign-standing">
        <div>
          <dt>{t('campaign')}</dt>
          <dd>
            {conversation.campaignName ?? t('noCampaign')}
            {status ? <span class="pill standing-status">{status}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('identity')}</dt>
          <dd>{conversation.identityName ?? (conversation.identityId ? <span class="mono-id">{conversation.identityId}</span> : t('valueUnknown'))}</dd>
        </div>
        {standing?.item ? <Standing item={standing.item} now={now} /> : null}
      </dl>
      {campaignId === null ? null : asked.kind === 'asking' ? (
        <p class="muted small" role="status">
          {t('standingReading')}
        </p>
      ) : asked.kind === 'error' ? (
        <AskFailed text={asked.text} retry={() => ask()} />
      ) : standing && !standing.item ? (
        standing.complete ? (
          <p class="muted small">{t('standingNotInCampaign', formatNumber(standing.leadsRead))}</p>
        ) : (
          <div class="row">
            <p class="muted small spacer">{t('standingNotYet', formatNumber(standing.leadsRead), formatNumber(standing.leadsTotal ?? standing.leadsRead))}</p>
            <Button size="sm" variant="ghost" onClick={() => ask(true)}>
              {t('standingReadFurther')}
            </Button>
          </div>
        )
      ) : standing?.item ? (
        <p class="muted small">{t('readAtTime', formatShortDateTime(standing.item.readAt))}</p>
      ) : null}
    </Fold>
  );
}
