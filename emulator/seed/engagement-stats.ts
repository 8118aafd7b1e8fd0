/**
 * The engagementStats tree of a campaign from its per-lead stats items (stats.ts), so that every
 * count and percentage agrees with the leads and with each other.
 */
import type {
  EngagementStatsRecord,
  LeadStatsRecord,
  MessageTemplateRecord,
  TemplateStats,
} from '../model';
import type { Rng } from './prng';
import { type CampaignShape, pct } from './stats';

export interface StatsContext {
  rng: Rng;
  audienceSize: number;
  shape: CampaignShape;
  templates: readonly MessageTemplateRecord[];
  createdAt: number;
}

/**
 * The engagementStats tree of a campaign from its lead items. When the items are a sample of a
 * larger audience (bulk seed), counts are scaled to the audience size before percentages are taken.
 */
export function engagementStats(items: readonly LeadStatsRecord[], ctx: StatsContext): EngagementStatsRecord {
  const { rng, audienceSize: audience, shape } = ctx;
  const scale = items.length > 0 && items.length < audience ? audience / items.length : 1;
  const count = (pred: (i: LeadStatsRecord) => boolean): number => {
    let n = 0;
    for (const i of items) if (pred(i)) n++;
    return Math.floor(n * scale);
  };
  const byStatus = (status: string): number => count((i) => i.status === status);

  const started = count((i) => i.status !== 'NOT_STARTED');
  const emailContacted = count((i) => i.email_sent > 0);
  const pronetContacted = count((i) => i.pronet_dm_sent > 0);
  const contacted = Math.min(started, count((i) => i.email_sent > 0 || i.pronet_dm_sent > 0));

  const toQualify = byStatus('TO_QUALIFY');
  const wrongTiming = byStatus('WRONG_TIMING');
  const repliedTotal = toQualify + wrongTiming;
  const won = {
    interested: byStatus('INTERESTED'),
    callBooked: byStatus('CALL_BOOKED'),
    negotiating: byStatus('NEGOTIATING'),
    readyToBuy: byStatus('READY_TO_BUY'),
    converted: byStatus('CONVERTED'),
  };
  const wonTotal = won.interested + won.callBooked + won.negotiating + won.readyToBuy + won.converted;
  const lost = {
    wrongTarget: byStatus('WRONG_TARGET'),
    notInterested: byStatus('NOT_INTERESTED'),
    alreadyEquipped: byStatus('ALREADY_EQUIPPED'),
    unsubscribed: byStatus('UNSUBSCRIBED'),
  };
  const lostTotal = lost.wrongTarget + lost.notInterested + lost.alreadyEquipped + lost.unsubscribed;
  // Every replying lead has exactly one outcome, so the three buckets add up to the replies.
  const replied = Math.min(contacted, repliedTotal + wonTotal + lostTotal);
  const pronetReplied = Math.min(replied, pronetContacted, count((i) => i.pronet_replied > 0));
  const emailReplied = Math.min(replied - pronetReplied, emailContacted, count((i) => i.email_replied > 0));
  const completed = Math.min(started, count((i) => i.tag === 'COMPLETED_WITHOUT_REPLY' || i.tag === 'BOUNCED') + replied);

  const newRelations = count((i) => i.relationStatus === 'CONNECTED');
  const alreadyConnected = count((i) => i.relationStatus === 'ALREADY_CONNECTED');
  const requestSent = count((i) => i.relationStatus === 'SENT' || i.relationStatus === 'CONNECTED');
  const relations = newRelations + alreadyConnected;

  const emailSent = emailContacted;
  const bounced = Math.min(emailSent, count((i) => i.tag === 'BOUNCED'));
  const received = emailSent - bounced;
  const opened = Math.min(received, count((i) => i.email_opened > 0));
  const clicked = Math.min(opened, count((i) => i.email_clicked > 0));

  const microblogSent = count((i) => i.microblog_dm_sent > 0);
  const followed = count((i) => i.microblog_followed > 0);
  const followBack = Math.min(followed, Math.floor(followed * (0.2 + rng.next() * 0.3)));

  const enriched = shape.enrich ? Math.min(started, Math.floor(started * (0.55 + rng.next() * 0.4))) : 0;
  const profileSearch = Math.floor(enriched * (0.6 + rng.next() * 0.4));
  const profile = Math.floor(profileSearch * (0.7 + rng.next() * 0.3));
  const found = {
    profile,
    profileSearch,
    website: Math.floor(enriched * (0.5 + rng.next() * 0.4)),
    proEmail: Math.floor(enriched * (0.4 + rng.next() * 0.4)),
    persoEmail: Math.floor(enriched * rng.next() * 0.3),
    phone: Math.floor(enriched * rng.next() * 0.35),
    microblog: Math.floor(enriched * rng.next() * 0.25),
  };
  const outOfOffice = count((i) => i.outOfOfficeReturnDate !== null);

  return {
    audienceSize: audience,
    converted: won.converted,
    completed,
    started,
    replies: {
      contacted,
      replied,
      pronetContacted,
      emailContacted,
      pronetReplied,
      emailReplied,
      contactedPercent: pct(contacted, audience),
      totalReplyPercent: pct(replied, audience),
      contactedReplyPercent: pct(replied, contacted),
      pronetContactedReplyPercent: pct(pronetReplied, pronetContacted),
      emailContactedReplyPercent: pct(emailReplied, emailContacted),
    },
    relations: {
      activated: shape.pronet,
      requestSent,
      relations,
      newRelations,
      alreadyConnected,
      requestSentPercent: pct(requestSent, audience),
      relationsPercent: pct(relations, requestSent + alreadyConnected),
      totalRelationsPercent: pct(relations, audience),
      newRelationsPercent: pct(newRelations, requestSent),
      alreadyConnectedPercent: pct(alreadyConnected, audience),
    },
    channel: {
      email: {
        activated: shape.email,
        sent: emailSent,
        received,
        opened,
        replied: emailReplied,
        clicked,
        bounced,
        sentPercent: pct(emailSent, audience),
        receivedPercent: pct(received, emailSent),
        openedPercent: pct(opened, received),
        repliedPercent: pct(emailReplied, received),
        clickedPercent: pct(clicked, received),
        bouncedPercent: pct(bounced, emailSent),
      },
      pronet: {
        activated: shape.pronet,
        contactRequest: {
          activated: shape.pronet,
          sent: requestSent,
          newRelations,
          alreadyContact: alreadyConnected,
          sentPercent: pct(requestSent, audience),
          newRelationsPercent: pct(newRelations, requestSent),
          alreadyContactPercent: pct(alreadyConnected, audience),
        },
        message: {
          sent: pronetContacted,
          replied: pronetReplied,
          sentPercent: pct(pronetContacted, audience),
          repliedPercent: pct(pronetReplied, pronetContacted),
        },
      },
      microblog: {
        activated: shape.microblog,
        sent: microblogSent,
        retweet: count((i) => i.microblog_reposted > 0),
        favorited: count((i) => i.microblog_favourited > 0),
        followed,
        followBack,
        followedPercent: pct(followed, audience),
        followBackPercent: pct(followBack, followed),
      },
      enrich: {
        activated: shape.enrich,
        proUpgrade: shape.enrich && rng.chance(0.5),
        businessUpgrade: shape.enrich && rng.chance(0.2),
        enriched,
        enrichedPercent: pct(enriched, audience),
        found: {
          ...found,
          profilePercent: pct(found.profile, enriched),
          profileSearchPercent: pct(found.profileSearch, enriched),
          profileOnProfileSearchPercent: pct(found.profile, found.profileSearch),
          websitePercent: pct(found.website, enriched),
          proEmailPercent: pct(found.proEmail, enriched),
          persoEmailPercent: pct(found.persoEmail, enriched),
          phonePercent: pct(found.phone, enriched),
          microblogPercent: pct(found.microblog, enriched),
        },
      },
    },
    status: {
      activated: {
        total: audience,
        activated: started,
        enriched,
        contacted,
        completed,
        outOfOffice,
        activatedPercent: pct(started, audience),
        enrichedPercent: pct(enriched, started),
        contactedPercent: pct(contacted, started),
        completedPercent: pct(completed, started),
        audiencePercent: pct(started, audience),
        contactedAudiencePercent: pct(contacted, audience),
        outOfOfficePercent: pct(outOfOffice, contacted),
      },
      replied: {
        total: repliedTotal,
        toQualify,
        wrongTiming,
        toQualifyPercent: pct(toQualify, repliedTotal),
        wrongTimingPercent: pct(wrongTiming, repliedTotal),
        audiencePercent: pct(repliedTotal, audience),
        activatedPercent: pct(repliedTotal, started),
        contactedPercent: pct(repliedTotal, contacted),
      },
      won: {
        total: wonTotal,
        ...won,
        interestedPercent: pct(won.interested, wonTotal),
        callBookedPercent: pct(won.callBooked, wonTotal),
        negotiatingPercent: pct(won.negotiating, wonTotal),
        readyToBuyPercent: pct(won.readyToBuy, wonTotal),
        convertedPercent: pct(won.converted, wonTotal),
        audiencePercent: pct(wonTotal, audience),
        repliedPercent: pct(wonTotal, replied),
      },
      lost: {
        total: lostTotal,
        ...lost,
        wrongTargetPercent: pct(lost.wrongTarget, lostTotal),
        notInterestedPercent: pct(lost.notInterested, lostTotal),
        alreadyEquippedPercent: pct(lost.alreadyEquipped, lostTotal),
        unsubscribedPercent: pct(lost.unsubscribed, lostTotal),
        audiencePercent: pct(lostTotal, audience),
        repliedPercent: pct(lostTotal, replied),
      },
    },
    templates: templateStats(items, ctx, scale),
  };
}

/** Per-step statistics of the campaign's EMAIL templates (the spec's `templates` array, channel MAILBOX). */
function templateStats(items: readonly LeadStatsRecord[], ctx: StatsContext, scale: number): TemplateStats[] {
  const steps = ctx.templates.filter((t) => t.channel === 'EMAIL').sort((a, b) => a.order - b.order);
  return steps.map((t, step) => {
    const count = (pred: (i: LeadStatsRecord) => boolean): number => {
      let n = 0;
      for (const i of items) if (pred(i)) n++;
      return Math.floor(n * scale);
    };
    const sent = count((i) => i.email_sent > step);
    // A bounce happens on the first email; later steps are not sent to a bounced address.
    const bounced = step === 0 ? Math.min(sent, count((i) => i.tag === 'BOUNCED')) : 0;
    const opened = Math.min(sent - bounced, count((i) => i.email_opened > step));
    const clicked = Math.min(opened, count((i) => i.email_clicked > 0 && i.email_opened > step && step === 0));
    // A reply answers the last email the lead received.
    const replied = Math.min(sent - bounced, count((i) => i.email_replied > 0 && i.email_sent === step + 1));
    return {
      sent,
      opened,
      clicked,
      replied,
      bounced,
      openedPercent: pct(opened, sent),
      clickedPercent: pct(clicked, sent),
      repliedPercent: pct(replied, sent),
      bouncedPercent: pct(bounced, sent),
      channel: 'MAILBOX',
      createdAt: ctx.createdAt,
      description: `<p>Step ${step + 1} of the email sequence${t.type === 'INITIAL' ? ' (<b>first touch</b>)' : ''}</p>`,
      name: step === 0 ? 'Introduction' : `Follow-up ${step}`,
      subjectHtml: t.subjectHtml,
      type: 'TEXT',
      position: step,
      templateId: t.id,
    };
  });
}
