import { describe, expect, it } from 'vitest';
import type { LeadRecord } from '../model';
import { applyStatusChange, statusChange } from './lead-status';

const lead = (statusByCampaign: Record<string, string> = {}): LeadRecord => ({ statusByCampaign } as unknown as LeadRecord);

function set(l: LeadRecord, value: Parameters<typeof statusChange>[2]) {
  const change = statusChange(l, 'c1', value);
  if (change.updated) applyStatusChange(l, 'c1', change);
  return change;
}

describe('what a lead status does in a campaign', () => {
  it('PAUSED keeps the status it had, RESUME gives it back, once', () => {
    const l = lead({ c1: 'INTERESTED' });
    expect(set(l, 'PAUSED')).toEqual({ updated: true, status: 'PAUSED' });
    expect(set(l, 'PAUSED')).toEqual({ updated: true, status: 'PAUSED' });
    expect(set(l, 'RESUME')).toEqual({ updated: true, status: 'INTERESTED' });
    expect(set(l, 'RESUME')).toMatchObject({ updated: false, status: 'INTERESTED' });
    expect(l.pausedFrom).toEqual({});
  });

  it('RESUME of a lead never paused resumes nothing; a lead with no status starts at STARTED', () => {
    expect(set(lead(), 'RESUME')).toMatchObject({ updated: false, status: 'STARTED' });
    const l = lead();
    set(l, 'PAUSED');
    expect(set(l, 'RESUME')).toEqual({ updated: true, status: 'STARTED' });
  });

  it('STOPPED is for good: neither PAUSED nor RESUME apply after it', () => {
    const l = lead({ c1: 'CONTACTED' });
    set(l, 'STOPPED');
    expect(set(l, 'PAUSED')).toMatchObject({ updated: false, status: 'STOPPED' });
    expect(set(l, 'RESUME')).toMatchObject({ updated: false, status: 'STOPPED' });
  });

  it('UNSUBSCRIBED and SUBSCRIBED flip the lead; other values are the status', () => {
    expect(set(lead(), 'UNSUBSCRIBED')).toEqual({ updated: true, status: 'UNSUBSCRIBED', unsubscribed: true });
    expect(set(lead(), 'SUBSCRIBED')).toEqual({ updated: true, status: 'SUBSCRIBED', unsubscribed: false });
    const l = lead();
    expect(set(l, 'OUT_OF_OFFICE')).toEqual({ updated: true, status: 'OUT_OF_OFFICE' });
    expect(l.statusByCampaign).toEqual({ c1: 'OUT_OF_OFFICE' });
  });
});
