// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../public/_locales/en/messages.json';
import fr from '../public/_locales/fr/messages.json';
import { tn } from './i18n';
import { NoLead } from './lead-panel/NoLead';
import { useEnglish, useFrench } from './test-i18n';

afterEach(cleanup);

function audiences() {
  render(
    <NoLead
      state={{ kind: 'no-lead', profileUrl: 'https://www.pronet.example/in/edsger-dijkstra/', slug: 'edsger-dijkstra', pending: [], failed: [] }}
      loadAudiences={async () => ({ ok: true, value: [{ id: 'a1', name: 'Imported twice', size: 1 }, { id: 'a2', name: 'Pioneers', size: 12 }] })}
      loadCredits={async () => ({ ok: true, value: { total: 1, perishable: 0 } })}
      addToAudience={async () => ({ ok: false, error: { code: 'internal' } })}
      enrich={async () => ({ ok: false, error: { code: 'internal' } })}
      onRetry={() => {}}
      onDiscard={() => {}}
      findByName={async () => ({ ok: true, value: { matches: [], tooManyResults: false } })}
      link={async () => {}}
      loadCrm={async () => ({ ok: true, value: { connected: [], records: [], matchedBy: null, tried: [], readAt: 0 } })}
    />,
  );
}

describe('plurals through the catalogue', () => {
  it('words one audience member as one, in English and French', async () => {
    useEnglish();
    audiences();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Imported twice (1 lead)' })).toBeTruthy());
    expect(screen.getByRole('option', { name: 'Pioneers (12 leads)' })).toBeTruthy();
    cleanup();
    useFrench();
    audiences();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Imported twice (1 lead)' })).toBeTruthy());
    expect(screen.getByRole('option', { name: 'Pioneers (12 leads)' })).toBeTruthy();
  });

  it('follows each language: 0 is singular in French, plural in English; a missing _one form falls back', () => {
    useEnglish();
    expect(tn('creditsAvailable', 0, '0')).toBe('0 credits');
    expect(tn('creditsAvailable', 1, '1')).toBe('1 credit');
    expect(tn('extName', 1)).toBe('Outreach companion');
    useFrench();
    expect(tn('creditsAvailable', 0, '0')).toBe('0 crédit');
  });

  it('has every _one form in both catalogues', () => {
    const ones = (c: Record<string, unknown>) => Object.keys(c).filter((k) => k.endsWith('_one')).sort();
    expect(ones(fr)).toEqual(ones(en));
  });
});
