import type { EndpointName, EndpointResponse } from './endpoints';

// One short line per successful call for the call log. Counts and outcomes only: never a note's
// text, a message body, an email address or the key.

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

type Summaries = { [N in EndpointName]: (res: EndpointResponse<N>) => string };

const summaries: Summaries = {
  listMembers: (r) => count(r.length, 'member'),
  listIdentities: (r) => count(r.identities.length, 'identity', 'identities'),
  listAudiences: (r) => count(r.audiences.length, 'audience'),
  createAudience: () => 'audience created',
  importAudience: () => 'audience import started',
  getAudience: (r) => `audience of ${count(r.data.size, 'lead')}`,
  listAudienceLeads: (r) => `${count(r.data.length, 'lead')} of ${r.total}`,
  createLead: () => 'lead saved',
  searchLeads: (r) => ('lead' in r ? 'lead found' : `${count(r.leads.length, 'lead')} found${r.tooManyResults ? ', more matched' : ''}`),
  updateLeadStatus: (r) => `${r.logs.filter((l) => l.leadUpdated).length} of ${count(r.logs.length, 'campaign')} updated`,
  removeLeadFromAudience: () => 'lead removed from audience',
  listLeadLogs: (r) => `${count(r.data.length, 'log')} of ${r.total}`,
  listLeadConversations: (r) => count(r.data.length, 'conversation'),
  enrichLead: (r) => `enrichment requested, ${count(r.creditsSpent, 'credit')} spent`,
  getEnrichStatus: (r) => `enrichment ${r.status.replace('_', ' ')}`,
  getCredits: (r) => count(r.credits.total, 'credit'),
  listCampaigns: (r) => `${count(r.campaigns.length, 'campaign')} of ${r.total}`,
  getCampaign: () => 'campaign found',
  getCampaignStats: () => 'campaign stats',
  listCampaignStatsLeads: (r) => `${count(r.leads.length, 'lead')} of ${r.count}`,
  listCampaignMessages: (r) => count(r.data.length, 'message template'),
  updateCampaignSettings: () => 'settings updated',
  searchConversations: (r) => count(r.data.length, 'conversation'),
  listConversationMessages: (r) => `${count(r.data.length, 'message')} of ${r.total}`,
  updateNote: (r) => `note saved, ${count(r.data.noteLength, 'character')}${r.data.truncated ? ', truncated' : ''}`,
  archiveConversation: () => 'conversation archived',
  unarchiveConversation: () => 'conversation unarchived',
  snoozeConversation: () => 'conversation snoozed',
  unsnoozeConversation: () => 'conversation unsnoozed',
  sendPronetMessage: () => 'pronet message sent',
  sendEmail: () => 'email sent',
  listInboxWebhooks: (r) => count(r.length, 'webhook'),
  createInboxWebhook: () => 'webhook created',
  deleteInboxWebhook: () => 'webhook deleted',
  pushVisitorsTrackerA: (r) => `${r.created} created, ${r.merged} merged`,
  pushVisitorsTrackerB: (r) => `${r.created} created, ${r.merged} merged`,
  pushVisitorsTrackerC: (r) => `${r.created} created, ${r.merged} merged`,
  searchCrm: (r) => count(r.results.length, 'CRM record'),
  listCrmIntegrations: (r) =>
    `crmA ${r.crmA.connected ? 'connected' : 'not connected'}, crmB ${r.crmB.connected ? 'connected' : 'not connected'}`,
};

export function summarizeResponse<N extends EndpointName>(name: N, response: EndpointResponse<N>): string {
  return (summaries[name] as (r: EndpointResponse<N>) => string)(response);
}
