// Qualify in one click (issue 13): an outcome pressed in the panel lands on the service as the lead's
// status in the conversation's campaign, shows in the panel and the activity, and Undo sets back the
// status it replaced.
import { openFold } from './panel-steps';
import { seriousViolations } from './axe';
import { test, expect, expectLeadShown } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

test('a qualification lands on the service, shows in the panel and the activity, and Undo sets the previous one back', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulator,
  demo,
  emulatorCalls,
}) => {
  const lead = (await leadByUrl('ada-lovelace'))!;
  const [conversation] = await leadConversations(lead.id);
  /** The latest STATUS_CHANGED event the service holds for the lead (what POST /leads/status wrote). */
  const lastStatusEvent = async () => {
    const r = await fetch(`${emulator.baseUrl}/leads/search?leadId=${encodeURIComponent(lead.id)}`, { headers: { authorization: `Bearer ${demo.proKey}` } });
    const body = (await r.json()) as { recentLogs: { type: string; description: string; campaignName: string | null }[] };
    const event = body.recentLogs.find((l) => l.type === 'STATUS_CHANGED');
    return event ? `${event.description} · ${event.campaignName}` : null;
  };
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expectLeadShown(panel, 'Ada Lovelace');
  await openFold(panel, 'Qualify');
  const qualify = panel.getByRole('region', { name: 'Qualify' });
  // The lead's last status from the service's activity (the demo's Ada: Interested), whoever set it.
  await expect(qualify.getByTestId('lead-status')).toHaveText('Interested');
  // Nothing to undo yet: no status was set from here.
  await expect(qualify.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  expect(await seriousViolations(panel)).toEqual([]);

  await qualify.getByRole('group', { name: 'Positive outcomes' }).getByRole('button', { name: 'Interested' }).click();
  await expect(qualify.getByTestId('lead-status')).toHaveText('Interested');
  await expect.poll(lastStatusEvent).toBe(`Status set to INTERESTED · ${conversation!.campaignName}`);

  await qualify.getByRole('button', { name: 'Call booked' }).click();
  await expect(qualify.getByTestId('lead-status')).toHaveText('Call booked');
  await expect.poll(lastStatusEvent).toBe(`Status set to CALL_BOOKED · ${conversation!.campaignName}`);
  await expect(qualify.getByRole('button', { name: 'Call booked' })).toHaveAttribute('aria-pressed', 'true');

  await qualify.getByRole('button', { name: 'Undo: back to Interested' }).click();
  await expect(qualify.getByTestId('lead-status')).toHaveText('Interested');
  await expect.poll(lastStatusEvent).toBe(`Status set to INTERESTED · ${conversation!.campaignName}`);
  const updates = (await emulatorCalls()).filter((c) => c.endpoint === 'updateLeadStatus');
  expect(updates.map((c) => c.status)).toEqual([200, 200, 200]);

  // The activity (from the lead search, refreshed after each change) shows the status events.
  await panel.getByText('Activity', { exact: true }).click();
  const events = panel.getByRole('list', { name: 'Activity' }).getByRole('listitem');
  // Most recent first: the undo, the call booked, then the first qualification.
  // Worded in the UI's language, not the service's raw text.
  await expect(events.nth(0)).toContainText('Status set to Interested');
  await expect(events.nth(1)).toContainText('Status set to Call booked');
  await expect(events.nth(2)).toContainText('Status set to Interested');
  await expect(events.filter({ hasText: 'CALL_BOOKED' })).toHaveCount(0);
});
