// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorText } from './error-text';
import { memberRoleLabel } from './format';
import { ShortcutHelp } from './inbox/ShortcutHelp';
import { useEnglish, useFrench } from './test-i18n';

beforeEach(() => useFrench());
afterEach(() => {
  cleanup();
  useEnglish();
});

describe('no English left in the French interface (issue 27)', () => {
  it('names the members\' roles in French; a role the extension does not know shows as it came', () => {
    expect(['Owner', 'Admin', 'Member', 'Billing'].map(memberRoleLabel)).toEqual(['Propriétaire', 'Administrateur', 'Membre', 'Billing']);
    useEnglish();
    expect(memberRoleLabel('Owner')).toBe('Owner');
  });

  it('names the Enter key in the shortcut list', () => {
    render(<ShortcutHelp onClose={() => {}} />);
    const keys = [...document.querySelectorAll('kbd')].map((k) => k.textContent);
    expect(keys).toContain('Entrée');
    expect(keys).not.toContain('Enter');
    expect(screen.getByRole('dialog').textContent).not.toMatch(/\bEnter\b/);
  });

  it('words the plan a refusal names, never the raw STARTER', () => {
    const text = errorText({ code: 'bad-key', reason: 'plan', detail: 'API access needs the Pro plan or above; this workspace is on STARTER.' });
    expect(text.sentence).toBe("L'offre de votre espace de travail n'inclut pas l'accès à l'API.");
    expect(text.detail).toBe('API access needs the Pro plan or above; this workspace is on Starter.');
    // Another error's detail is the service's, untouched.
    expect(errorText({ code: 'rejected', detail: 'STARTER' }).detail).toBe('STARTER');
  });
});
