/**
 * The linter enforces the direction of imports (eslint.config.js, docs/architecture.md). Each row is
 * a file that would be written at that path with that import: the linter must refuse the wrong ways
 * and accept the right ones.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

const refused: [file: string, source: string][] = [
  ['lib/store/new-store.ts', "import { x } from '../messages';"],
  // The protocol's parts are the protocol too (lib/messages.ts gathers lib/messages/).
  ['lib/store/new-store.ts', "import { x } from '../messages/push';"],
  ['lib/api/new-schema.ts', "import { x } from '../messages/requests';"],
  ['emulator/routes/new-route.ts', "import { x } from '../../lib/messages/replies';"],
  ['lib/store/new-store.ts', "import { x } from '../background/outbox';"],
  ['lib/background/new-part.ts', "import { x } from '../../components/i18n';"],
  ['lib/background/new-part.ts', "import { x } from '../../entrypoints/background';"],
  ['lib/new-module.ts', "import { x } from '../emulator/core';"],
  ['lib/api/new-schema.ts', "import { x } from '../messages';"],
  ['lib/views/new-view.ts', "import { x } from '../background/panel-state';"],
  ['lib/inbox/new-rule.ts', "import { x } from '../store/db';"],
  ['lib/settings.ts', "import { x } from './messages';"],
  ['emulator/routes/new-route.ts', "import { x } from '../../lib/store/db';"],
  ['emulator/routes/new-route.ts', "import { x } from '../../lib/background/outbox';"],
  ['emulator/routes/new-route.ts', "import { x } from '../../lib/messages';"],
  ['emulator/routes/new-route.ts', "import { x } from '../../components/i18n';"],
  ['components/lead-panel/New.tsx', "import { x } from '../../entrypoints/popup/main';"],
  ['components/lead-panel/New.tsx', "import { x } from '../../lib/background/service';"],
  ['components/lead-panel/New.tsx', "import { x } from '../../lib/store/cache';"],
  ['entrypoints/new.ts', "import { x } from '@/lib/messages';"],
  ['relay/new-part.ts', "import { x } from '../emulator/core';"],
  ['relay/new-part.ts', "import { x } from '../lib/background/service';"],
  ['relay/new-part.ts', "import { x } from '../lib/store/db';"],
  ['relay/new-part.ts', "import { x } from '../lib/messages';"],
  ['relay/new-part.ts', "import { x } from '../components/i18n';"],
  // A bench section importing the results writer closes a circle (page-reader <-> report was one).
  ['bench/new-section.ts', "import { x } from './report';"],
  ['bench/new-section.ts', "import { x } from './run-results';"],
  ['bench/new-section.ts', "import { x } from './summary';"],
];

const accepted: [file: string, source: string][] = [
  ['entrypoints/new.ts', "import { x } from '../lib/background/service';"],
  ['components/lead-panel/New.tsx', "import { x } from '../../lib/messages';"],
  ['lib/background/new-part.ts', "import { x } from '../store/db';"],
  ['lib/background/new-part.ts', "import { x } from '../messages';"],
  ['lib/store/new-store.ts', "import { x } from '../views';"],
  ['emulator/routes/new-route.ts', "import { x } from '../../lib/api/endpoints';"],
  ['emulator/routes/new-route.ts', "import { x } from '../../lib/inbox/note-rules';"],
  ['relay/new-part.ts', "import { x } from '../lib/api/schemas';"],
  ['relay/new-part.ts', "import { x } from '../lib/inbox/queue';"],
  ['bench/run.ts', "import { x } from './report';"],
  ['bench/new-section.ts', "import { x } from './load';"],
  ['bench/new-section.ts', "import { x } from './figure-format';"],
  ['bench/report.ts', "import { x } from './summary';"],
];

describe('the direction of imports', () => {
  it.each(refused)('refuses, in %s: %s', async (file, source) => {
    expect(await restricted(file, source)).toBe(true);
  });
  it.each(accepted)('accepts, in %s: %s', async (file, source) => {
    expect(await restricted(file, source)).toBe(false);
  });
});
