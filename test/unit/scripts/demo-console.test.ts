import { describe, expect, it } from 'vitest';
import { outcomeLine } from '../../../scripts/extension-session';

describe("the demo console's key outcome (issue 27)", () => {
  it('prints the sentence and the members on one line', () => {
    const line = outcomeLine('The key works: 2 members in this workspace.\n', [
      ['Sam Sales', 'Owner'],
      ['Priya\n Natarajan', 'Member'],
    ]);
    expect(line).toBe('The key works: 2 members in this workspace. Sam Sales (Owner), Priya Natarajan (Member)');
    expect(line).not.toContain('\n');
    expect(outcomeLine('Key saved', [])).toBe('Key saved');
  });
});
