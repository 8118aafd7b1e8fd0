/** The plan gate (spec §8.10): the API answers workspaces on the Pro plan or above, else 403. */
import { createMiddleware } from 'hono/factory';
import { planRefuses } from '../domain-error';
import { API_PLANS } from '../model';
import { workspaceOf, type ApiEnv } from './env';

export const planGate = createMiddleware<ApiEnv>(async (c, next) => {
  const { plan } = workspaceOf(c).data;
  if (!API_PLANS.includes(plan)) throw planRefuses(`API access needs the Pro plan or above; this workspace is on ${plan}.`);
  await next();
});
