/**
 * A certificate for the emulator over TLS (HTTP/2): the real service is an HTTPS API, and only a
 * multiplexed connection shows how the extension behaves without HTTP/1.1's 6 connections per host.
 * Made at each start with openssl (EC P-256, two days, in a temp folder removed at once), for
 * `localhost`, `*.localhost` (the look-alike site) and 127.0.0.1. Self-signed: a browser trusts it
 * only when told to (`--ignore-certificate-errors`, or an exception accepted by hand).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TlsCredentials {
  /** PEM */
  key: string;
  /** PEM; a Node client that should trust the emulator passes it as `ca`. */
  cert: string;
}

export function makeSelfSignedCertificate(openssl = 'openssl'): TlsCredentials {
  const dir = mkdtempSync(join(tmpdir(), 'oc-emulator-tls-'));
  try {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    const run = spawnSync(
      openssl,
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=localhost',
        '-addext', 'subjectAltName=DNS:localhost,DNS:*.localhost,DNS:pronet.localhost,DNS:m.pronet.localhost,IP:127.0.0.1',
      ],
      { encoding: 'utf8' },
    );
    if (run.error) {
      const missing = (run.error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new Error(
        missing
          ? `the emulator over TLS makes its certificate with openssl, which was not found (${openssl}): install openssl or start without --tls`
          : `openssl could not be run to make the emulator's certificate: ${run.error.message}`,
      );
    }
    if (run.status !== 0) throw new Error(`openssl could not make the emulator's certificate (exit ${run.status}): ${run.stderr.trim().slice(0, 300)}`);
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
