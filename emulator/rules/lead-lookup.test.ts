import { describe, expect, it } from 'vitest';
import { buildSeed } from '../seed/index';
import { WorkspaceStore } from '../store';
import { canonicalPronetUrl, leadByIdentifier } from './lead-lookup';

function demoPro(): WorkspaceStore {
  const data = buildSeed('demo', { now: Date.UTC(2030, 5, 1) }).workspaces.find((w) => w.name === 'demo-pro');
  if (!data) throw new Error('demo seed without demo-pro');
  return new WorkspaceStore(data);
}

const ADA_URL = 'https://www.pronet.example/in/ada-lovelace/';

describe('leadByIdentifier (lead routes and conversation targets)', () => {
  const ws = demoPro();
  const ada = ws.leadByPronetUrl(ADA_URL)!;
  const other = ws.data.leads.find((l) => l !== ada && l.proEmail)!;

  it('uses the first identifier given: leadId, then email (any case), then pronetUrl (canonicalised)', () => {
    expect(leadByIdentifier(ws, { leadId: ada.id, email: other.proEmail! }, 'none')).toBe(ada);
    expect(leadByIdentifier(ws, { email: other.proEmail!.toUpperCase(), pronetUrl: ADA_URL }, 'none')).toBe(other);
    expect(leadByIdentifier(ws, { pronetUrl: 'http://pronet.example/in/ada-lovelace?trk=x' }, 'none')).toBe(ada);
  });

  it('is not-found when the identifier matches nothing, even if a later one would', () => {
    expect(() => leadByIdentifier(ws, { leadId: 'lead_missing', pronetUrl: ADA_URL }, 'none')).toThrow(
      expect.objectContaining({ kind: 'not-found', message: 'No lead matches leadId lead_missing.' }),
    );
    expect(() => leadByIdentifier(ws, { email: 'nobody@nowhere.example' }, 'none')).toThrow(expect.objectContaining({ kind: 'not-found' }));
  });

  it('is invalid for a URL off pronet, and with the caller’s sentence when no identifier is given', () => {
    expect(() => leadByIdentifier(ws, { pronetUrl: 'https://example.com/in/ada/' }, 'none')).toThrow(
      expect.objectContaining({ kind: 'invalid', message: 'pronetUrl is not a pronet profile URL.' }),
    );
    expect(() => leadByIdentifier(ws, {}, 'Give leadId, email or pronetUrl.')).toThrow(
      expect.objectContaining({ kind: 'invalid', message: 'Give leadId, email or pronetUrl.' }),
    );
    expect(canonicalPronetUrl('https://pronet.example/in/ada-lovelace')).toBe(ADA_URL);
  });
});
