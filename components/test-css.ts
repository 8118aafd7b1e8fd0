/** Component tests read the stylesheets as written: happy-dom lays nothing out, so a rule is checked by its declarations. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The declarations of `selector`'s rule in `file` (relative to components/), comments left out. */
export function cssRule(file: string, selector: string): string {
  const css = readFileSync(resolve(__dirname, file), 'utf8');
  const match = new RegExp(`(?:^|\\n)${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match) throw new Error(`no rule ${selector} in ${file}`);
  return match[1]!.replace(/\/\*[\s\S]*?\*\//g, '');
}
