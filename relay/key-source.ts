/**
 * Where the relay takes the workspace key from: `RELAY_SERVICE_KEY`, a file (`--key-file`, or
 * `RELAY_SERVICE_KEY_FILE` as container secrets give it), or a prompt on a terminal. Never from the
 * command line: npm echoes a script's arguments (`> tsx relay/main.ts … --key SECRET`), and the process
 * list shows them to every user of the machine.
 */

export const KEY_ON_COMMAND_LINE =
  'the key is not taken on the command line (npm prints a script’s arguments, and the process list shows them): ' +
  'give it as RELAY_SERVICE_KEY, in a file with --key-file <path>, or type it when asked';

export interface KeySources {
  /** Whether `--key` (or `--key=…`) was on the command line. */
  keyArgument: boolean;
  keyFile?: string | undefined;
  env: Record<string, string | undefined>;
  readFile(path: string): string;
  /** Asks on the terminal without echo; absent when there is none (CI, a container). */
  prompt?: (() => Promise<string>) | undefined;
}

export type KeyResult = { ok: true; key: string } | { ok: false; reason: string };

export async function relayKey(s: KeySources): Promise<KeyResult> {
  if (s.keyArgument) return { ok: false, reason: KEY_ON_COMMAND_LINE };
  const file = s.keyFile ?? s.env.RELAY_SERVICE_KEY_FILE;
  if (file) {
    let text: string;
    try {
      text = s.readFile(file);
    } catch {
      return { ok: false, reason: `the key file ${file} cannot be read` };
    }
    const key = text.trim();
    return key ? { ok: true, key } : { ok: false, reason: `the key file ${file} is empty` };
  }
  const fromEnv = s.env.RELAY_SERVICE_KEY?.trim();
  if (fromEnv) return { ok: true, key: fromEnv };
  if (s.prompt) {
    const typed = (await s.prompt()).trim();
    if (typed) return { ok: true, key: typed };
  }
  return { ok: false, reason: 'no key: give it as RELAY_SERVICE_KEY, in a file with --key-file <path>, or type it when asked' };
}

/** Whether the raw arguments name `--key` in any spelling node:util's parseArgs accepts. */
export function hasKeyArgument(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--key' || a.startsWith('--key='));
}
