import '../../lib/zod-config';
import { render } from 'preact';
import '../../components/ui/theme.css';
import '../../components/ui/controls.css';
import '../../components/ui/feedback.css';
import '../../components/lead-panel/lead-panel.css';
import '../../components/lead-panel/messages.css';
import '../../components/reply/reply.css';
import '../../components/lead-panel/states.css';
import '../../components/lead-panel/lead-identity.css';
import '../../components/person-context/person-context.css';
import '../../components/lead-panel/outbox.css';
import '../../components/inbox/inbox.css';
import '../../components/this-page/this-page.css';
import '../../components/this-page/enrich-selected.css';
import '../../components/search-import/search-import.css';
import { t, uiLocale } from '../../components/i18n';
import { PanelApp, parseTabParam, parseViewParam } from '../../components/lead-panel/PanelApp';

const params = new URLSearchParams(location.search);
document.documentElement.lang = uiLocale();
document.title = t('extName');
render(
  <PanelApp surface="sidepanel" pinnedTabId={parseTabParam(params.get('tab'))} focusNote={params.get('focus') === 'note'} initialSection={parseViewParam(params.get('view'))} />,
  document.getElementById('app')!,
);
