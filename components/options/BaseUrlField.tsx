import type { ErrorText } from '../error-text';
import { t, type MessageKey } from '../i18n';
import { ErrorMessage } from '../ui/ErrorMessage';
import { normaliseBaseUrl, originPatternFor, parseBaseUrl } from './permissions';

export interface BaseUrlFieldProps {
  value: string;
  onInput: (value: string) => void;
  error: ErrorText | null;
}

const reasons: Record<'invalid' | 'scheme' | 'credentials' | 'extra', MessageKey> = {
  invalid: 'baseUrlInvalid',
  scheme: 'baseUrlScheme',
  credentials: 'baseUrlCredentials',
  extra: 'baseUrlExtra',
};

/**
 * What saving a typed base URL takes: nothing (unchanged), an error to show, or the URL to store and
 * the host permission to ask for first (null when the host is built in).
 */
export function planBaseUrl(typed: string, current: string): { kind: 'unchanged' } | { kind: 'error'; message: string } | { kind: 'change'; baseUrl: string; permission: string | null } {
  const parsed = parseBaseUrl(typed);
  if (!parsed.ok) return { kind: 'error', message: t(reasons[parsed.reason]) };
  const baseUrl = normaliseBaseUrl(parsed.url);
  if (baseUrl === current) return { kind: 'unchanged' };
  return { kind: 'change', baseUrl, permission: originPatternFor(parsed.url) };
}

/** The service's base URL, as a field of the connection form (saved with its Save button). */
export function BaseUrlField({ value, onInput, error }: BaseUrlFieldProps) {
  return (
    <div class="field">
      <label class="field-label" for="base-url">
        {t('baseUrlLabel')}
      </label>
      <input
        id="base-url"
        class="input mono"
        type="url"
        inputMode="url"
        value={value}
        spellcheck={false}
        autocomplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'base-url-hint base-url-error' : 'base-url-hint'}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      <p class="field-hint" id="base-url-hint">
        {t('baseUrlHint')}
      </p>
      {error ? (
        <p class="field-error" id="base-url-error" role="alert">
          <ErrorMessage text={error} />
        </p>
      ) : null}
    </div>
  );
}
