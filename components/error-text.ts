/**
 * Errors in the user's language: every ErrorView is worded here from its code and reason (the
 * catalogue's `error_*` keys). The service's own sentence, or a technical detail, is kept apart as
 * `detail`, shown beneath the sentence and never instead of it.
 */
import { ERROR_REASON_CODE, type ErrorCode, type ErrorReason, type ErrorView } from '../lib/views';
import { formatTime, namePlans } from './format';
import { t, type MessageKey } from './i18n';

/** What an error says: one sentence in the UI language, and the detail to show beneath it. */
export interface ErrorText {
  sentence: string;
  detail?: string;
}

/** The fields wording reads (a PanelState `error` or `bad-key` carries them too). */
export type ErrorWording = Pick<ErrorView, 'code' | 'reason' | 'detail' | 'status' | 'retryAt' | 'subject'>;

/** `bad-request` → `bad_request`: catalogue keys allow letters, digits and underscores only. */
const snake = (name: string) => name.replace(/-/g, '_');

/**
 * The catalogue key for a code, or for a code refined by a reason. A reason that refines another
 * code (a view built by hand) is ignored: the code's own sentence is still true.
 */
export function errorKey(code: ErrorCode, reason?: ErrorReason): MessageKey {
  const refined = reason !== undefined && ERROR_REASON_CODE[reason] === code;
  // Every such key is in both catalogues: `error-text.test.ts` fails on a missing one.
  return (refined ? `error_${snake(code)}_${snake(reason)}` : `error_${snake(code)}`) as MessageKey;
}

/** The sentence for a rate limit whose end is known, naming the time in the UI locale. */
export const RATE_LIMITED_UNTIL_KEY: MessageKey = 'error_rate_limited_until';

/** The sentences for an address that could not be reached, naming it (a base URL being tried). */
export const OFFLINE_AT_KEYS: { plain: MessageKey; timeout: MessageKey } = { plain: 'error_offline_at', timeout: 'error_offline_timeout_at' };

export function errorText(view: ErrorWording): ErrorText {
  // A plan refusal names the plan as the service spells it (STARTER): worded as a plan is named.
  const said = view.detail?.trim() ?? '';
  const detail = said ? { detail: view.code === 'bad-key' && view.reason === 'plan' ? namePlans(said) : said } : {};
  if (view.code === 'offline' && view.subject) {
    return { sentence: t(view.reason === 'timeout' ? OFFLINE_AT_KEYS.timeout : OFFLINE_AT_KEYS.plain, view.subject), ...detail };
  }
  if (view.code === 'rate-limited' && view.retryAt !== undefined) {
    return { sentence: t(RATE_LIMITED_UNTIL_KEY, formatTime(view.retryAt)), ...detail };
  }
  if (view.code === 'permission-required') {
    return { sentence: t(errorKey(view.code, view.reason), view.subject ?? ''), ...detail };
  }
  return { sentence: t(errorKey(view.code, view.reason)), ...detail };
}

/** What an action refused because storage failed says: the storage notice above says why, once. */
export const ACTION_REFUSED_STORAGE_KEY: MessageKey = 'actionRefusedStorage';

/**
 * An action's error, shown beside the action. Storage failing is already told, reason and all, by
 * the storage notice at the top of the page: the action only says that it was not done.
 */
export function actionErrorText(view: ErrorWording): ErrorText {
  return view.code === 'storage' ? { sentence: t(ACTION_REFUSED_STORAGE_KEY) } : errorText(view);
}

/** For failures that never crossed the message boundary (a rejected promise in the page itself). */
export function thrownText(error: unknown): ErrorText {
  return errorText({ code: 'internal', detail: error instanceof Error ? error.message : String(error) });
}
