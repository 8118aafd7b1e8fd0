/**
 * `RELAY_SERVICE_KEY=… npm run relay -- --service <base_url> [--key-file F] [--port P] [--host H] [--data DIR] [--public-url U]`
 * Prints `relay <events url>` and `token <team token>`, then one line per delivery. SIGINT/SIGTERM
 * delete the webhook and stop. `--unregister` (with --service, --data) deletes the webhook a relay
 * left registered, and exits. The key comes from RELAY_SERVICE_KEY, a file or a prompt
 * (`key-source.ts`), never the command line, and is never printed.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { hasKeyArgument, relayKey } from './key-source';
import { startRelay, unregisterRelay } from './server';

const USAGE = 'usage: RELAY_SERVICE_KEY=<key> npm run relay -- --service <base_url> [--key-file F] [--port P] [--host H] [--data DIR] [--public-url U] [--unregister]';

function fail(message: string): never {
  console.error(`relay: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        service: { type: 'string' },
        key: { type: 'string' },
        'key-file': { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        'public-url': { type: 'string' },
        unregister: { type: 'boolean' },
      },
      strict: true,
    });
  } catch (err) {
    // Node quotes the argument it did not expect: that may be the key, pasted in the wrong place.
    return fail((err as Error).message.replace(/'[^']*'/g, "'…'"));
  }
})();

const service = values.service ?? process.env.RELAY_SERVICE_URL;
if (!service || !/^https?:\/\//.test(service)) fail('--service must be the service base URL (http or https)');

/** The key typed on a terminal, not echoed. */
function promptKey(): Promise<string> {
  const silent = new Writable({ write: (_chunk, _enc, done) => done() });
  process.stderr.write('Workspace API key (not shown): ');
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  return new Promise((resolve) =>
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    }),
  );
}

const found = await relayKey({
  keyArgument: hasKeyArgument(process.argv.slice(2)),
  keyFile: values['key-file'],
  env: process.env,
  readFile: (path) => readFileSync(path, 'utf8'),
  prompt: process.stdin.isTTY ? promptKey : undefined,
});
if (!found.ok) fail(found.reason);
const key = found.key;
const port = values.port === undefined ? 8790 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be an integer from 0 to 65535');
const dataDir = values.data ?? process.env.RELAY_DATA ?? '.relay';
/** Belt and braces: no line this process prints carries the key, whatever an error said. */
const hideKey = (text: string) => text.split(key).join('***');

if (values.unregister) {
  const gone = await unregisterRelay({ service, key, dataDir }).catch((e: unknown) => fail(hideKey(reason(e))));
  console.log(gone.length ? `deleted ${gone.join(' ')}` : 'no webhook of this relay registered');
  process.exit(0);
}

const relay = await startRelay({
  service,
  key,
  port,
  dataDir,
  ...(values.host ? { host: values.host } : {}),
  ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
  say: (line) => console.info(hideKey(line)),
}).catch((e: unknown) => fail(`could not start: ${hideKey(reason(e))}`));
console.log(`relay ${relay.eventsUrl}`);
console.log(`token ${relay.token}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void relay.close({ unregister: true }).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(`relay: the webhook could not be deleted (${hideKey(reason(e))}); run --unregister`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
