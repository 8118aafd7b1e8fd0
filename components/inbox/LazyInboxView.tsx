import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';
import type { InboxViewProps } from './InboxView';

type InboxModule = typeof import('./InboxView');
let loading: Promise<InboxModule> | undefined;

/**
 * The inbox queue, loaded when it is first shown: the panel opens on the profile, and most openings
 * never show the queue, so its code (a quarter of the panel's) is not read until the tab is chosen.
 */
export function LazyInboxView(props: InboxViewProps) {
  const [module, setModule] = useState<InboxModule | null>(null);
  useEffect(() => {
    let live = true;
    void (loading ??= import('./InboxView')).then((m) => live && setModule(m));
    return () => {
      live = false;
    };
  }, []);
  if (!module) {
    return (
      <p class="field-hint" role="status">
        {t('loading')}
      </p>
    );
  }
  return <module.InboxView {...props} />;
}
