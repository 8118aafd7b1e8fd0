/**
 * `npm run emulator -- [--port N] [--seed demo|empty] [--leads N] [--data FILE] [--dialect standard|variants] [--tls]`
 * Prints `listening http://127.0.0.1:<port>/flow` (`https://` with `--tls`: HTTP/2 with a
 * self-signed certificate the browser must be told to accept) and one `key <workspace-name> <plan> <apiKey>`
 * line per workspace (the keys are printed so a developer can paste them; this is a local emulator),
 * then `mcp http://127.0.0.1:<port>/mcp` (the agent tool server) and one
 * `member <workspace-name> <email> <password>` line per member who can sign in to it.
 */
import { parseArgs } from 'node:util';
import { startEmulator } from './server';

function fail(message: string): never {
  console.error(`emulator: ${message}`);
  console.error('usage: npm run emulator -- [--port N] [--seed demo|empty] [--leads N] [--data FILE] [--dialect standard|variants] [--tls]');
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        leads: { type: 'string' },
        data: { type: 'string' },
        dialect: { type: 'string' },
        tls: { type: 'boolean' },
      },
      strict: true,
    });
  } catch (err) {
    return fail((err as Error).message);
  }
})();

const port = values.port === undefined ? 8787 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be an integer from 0 to 65535');
const seed = values.seed ?? 'demo';
if (seed !== 'demo' && seed !== 'empty') fail('--seed must be demo or empty');
const leads = values.leads === undefined ? undefined : Number(values.leads);
if (leads !== undefined && (!Number.isInteger(leads) || leads < 0)) fail('--leads must be a whole number');

const dialect = values.dialect ?? 'standard';
if (dialect !== 'standard' && dialect !== 'variants') fail('--dialect must be standard or variants');

const emulator = await startEmulator({ port, seed, leads, dataFile: values.data, quiet: true, dialect, tls: values.tls === true }).catch((err: unknown) =>
  fail((err as Error).message),
);
console.log(`listening ${emulator.baseUrl}`);
for (const w of emulator.workspaces) console.log(`key ${w.name} ${w.plan} ${w.apiKey}`);
console.log(`mcp ${emulator.mcpUrl}`);
for (const m of emulator.members) console.log(`member ${m.workspace} ${m.email} ${m.password}`);

const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
