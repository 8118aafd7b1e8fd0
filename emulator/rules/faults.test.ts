import { describe, expect, it } from 'vitest';
import { FaultsBody, effectiveRateLimit, faultOutcome } from './faults';
import { SERVICE_RATE_LIMIT } from './rate-limit';

describe('faults', () => {
  it('drops, fails or passes according to the rates', () => {
    expect(faultOutcome({}, () => 0)).toBe('pass');
    expect(faultOutcome({ dropRate: 1 }, () => 0.99)).toBe('drop');
    expect(faultOutcome({ errorRate: 1 }, () => 0.99)).toBe('error');
    expect(faultOutcome({ errorRate: 0.5 }, () => 0.6)).toBe('pass');
    expect(faultOutcome({ errorRate: 0, dropRate: 0 }, () => 0)).toBe('pass');
    expect(faultOutcome({ applyThenFailRate: 1 }, () => 0.5, 'POST')).toBe('apply-then-fail');
    expect(faultOutcome({ applyThenFailRate: 1 }, () => 0.5, 'GET')).toBe('pass');
    expect(faultOutcome({ applyThenFailRate: 0.3 }, () => 0.5, 'POST')).toBe('pass');
  });

  it('uses the custom rate limit while set', () => {
    expect(effectiveRateLimit({}, SERVICE_RATE_LIMIT)).toEqual({ calls: 50, windowMs: 10_000 });
    expect(effectiveRateLimit({ rateLimit: { calls: 3, windowMs: 1000 } }, SERVICE_RATE_LIMIT)).toEqual({ calls: 3, windowMs: 1000 });
  });

  it('rejects rates outside 0..1 and unknown fields', () => {
    expect(FaultsBody.safeParse({ errorRate: 2 }).success).toBe(false);
    expect(FaultsBody.safeParse({ typo: 1 }).success).toBe(false);
    expect(FaultsBody.safeParse({}).success).toBe(true);
  });
});
