/** The plan gate (spec §8.10): the API answers workspaces on the Pro plan or above, else 403. */
import { createMiddleware } from 'hono/factory';
import { planRefuses } from '../domain-error';
import { API_PLANS, type Plan } from '../model';
import { workspaceOf, type ApiEnv } from './env';

/** Why a workspace on `plan` is refused the API (and the agent tool server's sign-in), or null. */
export function planRefusal(plan: Plan): string | null {
  return API_PLANS.includes(plan) ? null : `API access needs the Pro plan or above; this workspace is on ${plan}.`;
}

export const planGate = createMiddleware<ApiEnv>(async (c, next) => {
  const refusal = planRefusal(workspaceOf(c).data.plan);
  if (refusal) throw planRefuses(refusal);
  await next();
});
