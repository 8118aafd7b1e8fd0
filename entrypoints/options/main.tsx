import '../../components/no-eval';
import { render } from 'preact';
import '../../components/ui/theme.css';
import '../../components/lead-panel/outbox.css';
import '../../components/options/options.css';
import { browser } from 'wxt/browser';
import { t, uiLocale } from '../../components/i18n';
import { OptionsApp } from '../../components/options/OptionsApp';
import type { HostPermissions } from '../../components/options/permissions';
import { createMessenger, OUTBOX_PORT, OutboxPush } from '../../lib/messages';
import { type OutboxItemView } from '../../lib/views';

const messenger = createMessenger((m) => browser.runtime.sendMessage(m));

const permissions: HostPermissions = {
  request: (origins) => browser.permissions.request({ origins }),
  remove: (origins) => browser.permissions.remove({ origins }),
};

/** The background pushes the whole outbox on this port whenever it changes; reconnects after a worker restart. */
function subscribeOutbox(listener: (items: OutboxItemView[]) => void): () => void {
  let closed = false;
  let port: ReturnType<typeof browser.runtime.connect> | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    port = browser.runtime.connect({ name: OUTBOX_PORT });
    port.onMessage.addListener((raw: unknown) => {
      const push = OutboxPush.safeParse(raw);
      if (push.success) listener(push.data.items);
    });
    port.onDisconnect.addListener(() => {
      port = null;
      if (!closed) retry = setTimeout(open, 500);
    });
  };
  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    port?.disconnect();
  };
}

document.documentElement.lang = uiLocale();
document.title = t('optionsTitle');
const root = document.getElementById('app')!;

void browser.commands
  .getAll()
  .catch(() => [])
  .then((commands) => {
    const shortcuts = commands
      .filter((c) => c.name && c.name !== '_execute_action' && c.name !== '_execute_browser_action')
      .map((c) => ({ name: c.name!, shortcut: c.shortcut ?? '', description: c.description ?? '' }));
    render(<OptionsApp messenger={messenger} permissions={permissions} subscribeOutbox={subscribeOutbox} shortcuts={shortcuts} />, root);
  });
