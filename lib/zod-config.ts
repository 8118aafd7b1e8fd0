/**
 * Extension pages forbid eval by their content security policy. zod probes for it (to compile
 * faster validators) and the refused probe is logged as a CSP violation; telling zod up front keeps
 * the console clean. Import first in every extension page.
 */
import { config } from 'zod/mini';

config({ jitless: true });
