import '../../lib/zod-config';
import { render } from 'preact';
import '../../components/ui/theme.css';
import '../../components/ui/controls.css';
import '../../components/ui/feedback.css';
import '../../components/lead-panel/outbox.css';
import '../../components/options/options.css';
import { browser } from 'wxt/browser';
import { t, uiLocale } from '../../components/i18n';
import { OptionsApp } from '../../components/options/OptionsApp';
import type { HostPermissions } from '../../components/options/permissions';
import { createMessenger, OUTBOX_PORT, outboxPushItems } from '../../lib/messages';
import { openReconnectingPort } from '../../lib/reconnecting-port';
import { listShortcuts } from '../../lib/shortcuts';
import { type OutboxItemView } from '../../lib/views';

const messenger = createMessenger((m) => browser.runtime.sendMessage(m));

const permissions: HostPermissions = {
  request: (origins) => browser.permissions.request({ origins }),
  remove: (origins) => browser.permissions.remove({ origins }),
  requestNotifications: () => browser.permissions.request({ permissions: ['notifications'] }),
  removeNotifications: () => browser.permissions.remove({ permissions: ['notifications'] }),
};

// The background pushes the whole outbox on this port whenever it changes, and at once on (re)connect.
const subscribeOutbox = (listener: (items: OutboxItemView[]) => void) =>
  openReconnectingPort({
    connect: (info) => browser.runtime.connect(info),
    name: OUTBOX_PORT,
    parse: outboxPushItems,
    onPush: listener,
  });

document.documentElement.lang = uiLocale();
document.title = t('optionsTitle');
const root = document.getElementById('app')!;

void listShortcuts(() => browser.commands.getAll()).then((shortcuts) =>
  render(<OptionsApp messenger={messenger} permissions={permissions} subscribeOutbox={subscribeOutbox} shortcuts={shortcuts} />, root),
);
