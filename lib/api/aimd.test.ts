import { describe, expect, it } from 'vitest';
import { aimdConfig, decreased, increased, initialRate, pauseJitterMs, sanitizedRate, slowStarted } from './aimd';

describe('AIMD rules', () => {
  const c = aimdConfig({ random: () => 0.5, decrease: 0.7, increasePerWindow: 0.25, initialShare: 0.2, minRate: 2 });

  it('cuts the rate by the decrease factor, never below the minimum', () => {
    expect(decreased(50, c)).toBeCloseTo(35);
    expect(decreased(2.5, c)).toBe(2);
  });

  it('adds increasePerWindow per window of accepted calls, up to the limit', () => {
    let rate = 20;
    for (let i = 0; i < 20; i++) rate = increased(rate, 50, c);
    expect(rate).toBeCloseTo(20.25, 1);
    expect(increased(49.999, 50, c)).toBe(50);
  });

  it('jitters each move within ±jitter so that browsers do not move in step', () => {
    const low = aimdConfig({ random: () => 0, decrease: 0.7 });
    const high = aimdConfig({ random: () => 0.999, decrease: 0.7 });
    expect(decreased(50, low)).toBeCloseTo(50 * 0.7 * 0.8);
    expect(decreased(50, high)).toBeCloseTo(50 * 0.7 * 1.2, 1);
    expect(pauseJitterMs(10_000, low)).toBe(0);
    expect(pauseJitterMs(10_000, high)).toBe(999);
  });

  it('restores only a sane rate', () => {
    expect(sanitizedRate(7, 50, c)).toBe(7);
    expect(sanitizedRate(70, 50, c)).toBe(50);
    expect(sanitizedRate('x', 50, c)).toBeNull();
    expect(sanitizedRate(0, 50, c)).toBe(2);
  });

  it('starts a browser that learned nothing at a share of the limit, doubling per window in slow start', () => {
    expect(initialRate(50, c)).toBe(10);
    expect(initialRate(50, aimdConfig({ initialShare: 0.01, minRate: 2 }))).toBe(2);
    // The floor under one call per window is for a key that pushed back, not for a fresh browser.
    expect(initialRate(50, aimdConfig({ initialShare: 0.01 }))).toBe(1);
    let rate = 10;
    for (let i = 0; i < 10; i++) rate = slowStarted(rate, 50);
    expect(rate).toBe(20);
    expect(slowStarted(49.5, 50)).toBe(50);
  });

  it('refuses a nonsensical configuration', () => {
    expect(() => aimdConfig({ decrease: 1 })).toThrow(RangeError);
    expect(() => aimdConfig({ minRate: 0 })).toThrow(RangeError);
    expect(() => aimdConfig({ jitter: 1 })).toThrow(RangeError);
    expect(() => aimdConfig({ increasePerWindow: 0 })).toThrow(RangeError);
    expect(() => aimdConfig({ initialShare: 0 })).toThrow(RangeError);
    expect(() => aimdConfig({ lowInFlight: 0 })).toThrow(RangeError);
    expect(() => aimdConfig({ lowInFlight: 2.5 })).toThrow(RangeError);
  });
});
