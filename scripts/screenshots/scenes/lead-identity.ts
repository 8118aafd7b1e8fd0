/**
 * Who is this person (issue 13): the lead picker of a person imported twice (Jean Sammet), then the
 * chosen lead with its Activity section open and paged once, then qualified twice (Undo offered).
 */
import type { Scene } from '../scene';
import { openFold } from '../steps';

export const scene: Scene = {
  title: 'lead identity: lead picker, activity, qualify',
  locales: ['en', 'fr'],
  async run(kit) {
    const { tabId } = await kit.openPage('/in/jean-sammet/');
    const panel = await kit.openPanel(tabId);
    const choices = panel.locator('.lead-choice');
    await choices.first().waitFor();
    await kit.shoot(panel, 'lead-picker', { fullPage: true });

    await choices.first().getByRole('button').click();
    await panel.locator('.lead-name').filter({ hasText: 'Jean Sammet' }).waitFor();
    await openFold(panel, 'activity');
    await panel.locator('.activity-item').first().waitFor();
    await panel.locator('.activity .btn').click();
    await panel.locator('.activity .small').waitFor();
    await kit.shoot(panel, 'lead-activity', { fullPage: true });

    // Qualify in one click: the first outcome (Interested), then a second one, so Undo is offered.
    await openFold(panel, 'qualify');
    const qualify = panel.locator('section.qualify');
    await qualify.locator('.qualify-group .btn').nth(0).click();
    await qualify.locator('[data-testid="lead-status"] .pill').waitFor();
    await qualify.locator('.qualify-group .btn').nth(1).click();
    await qualify.locator('.qualify-group .btn[aria-pressed="true"]').nth(0).waitFor();
    await qualify.locator('.conv-head .btn').waitFor();
    await qualify.scrollIntoViewIfNeeded();
    await kit.shoot(panel, 'qualify', { fullPage: true });
  },
};
