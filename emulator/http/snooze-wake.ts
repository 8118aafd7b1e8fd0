/**
 * Wakes the workspace's conversations whose snooze date has passed before the call is served, so
 * every answer sees them OPEN (the wake itself is core.wake, after lib/inbox's rule).
 */
import { createMiddleware } from 'hono/factory';
import type { EmulatorCore } from '../core';
import { workspaceOf, type ApiEnv } from './env';

export function wakeSnoozed(core: EmulatorCore) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    core.wake(workspaceOf(c));
    await next();
  });
}
