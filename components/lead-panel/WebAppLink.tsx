import { t } from '../i18n';
import { Icon } from '../ui/Icon';

/**
 * The conversation in the service's own web app, in a new tab. The address comes from the settings
 * and the conversation's id (`conversationWebAppUrl`); no opener, no referrer.
 */
export function WebAppLink({ href }: { href: string }) {
  return (
    <a class="web-app-link small" href={href} target="_blank" rel="noopener noreferrer" title={t('openInWebAppTitle')} data-testid="web-app-link">
      <Icon name="external" />
      {t('openInWebApp')}
    </a>
  );
}
