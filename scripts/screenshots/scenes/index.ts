/**
 * Every scene of `npm run screenshots`, by the name of its file in this folder (`--only <file>`), in
 * the order they run. Add a scene: a file here exporting `scene`, one import and one line below.
 */
import type { Scene } from '../scene';
import { scene as leadIdentity } from './lead-identity';
import { scene as personContext } from './person-context';
import { scene as searchImport } from './search-import';
import { scene as selectionPages } from './selection-pages';
import { scene as leadMatch } from './lead-match';
import { scene as options } from './options';
import { scene as overview } from './overview';
import { scene as popup } from './popup';
import { scene as profileChip } from './profile-chip';
import { scene as sidepanelAdaLovelace } from './sidepanel-ada-lovelace';
import { scene as inbox } from './inbox';
import { scene as sidepanelAlanTuring } from './sidepanel-alan-turing';
import { scene as sidepanelGraceHopper } from './sidepanel-grace-hopper';
import { scene as sidepanelMargaretHamilton } from './sidepanel-margaret-hamilton';
import { scene as stateBadKey } from './state-bad-key';
import { scene as stateNoKey } from './state-no-key';
import { scene as stateNotProfile } from './state-not-profile';
import { scene as stateOffline } from './state-offline';
import { scene as statePendingChange } from './state-pending-change';
import { scene as listBadges } from './list-badges';
import { scene as corpusBadges } from './corpus-badges';
import { scene as dayOne } from './day-one';
import { scene as dayOnePanel } from './day-one-panel';
import { scene as reply } from './reply';
import { scene as replyTemplate } from './reply-template';
import { scene as thisPage } from './this-page';
import { scene as whoseTurn } from './whose-turn';

export interface RegisteredScene {
  /** The scene's file name, without `.ts`. */
  file: string;
  scene: Scene;
}

export const SCENES: readonly RegisteredScene[] = [
  { file: 'overview', scene: overview },
  { file: 'sidepanel-ada-lovelace', scene: sidepanelAdaLovelace },
  { file: 'inbox', scene: inbox },
  { file: 'sidepanel-grace-hopper', scene: sidepanelGraceHopper },
  { file: 'sidepanel-margaret-hamilton', scene: sidepanelMargaretHamilton },
  { file: 'sidepanel-alan-turing', scene: sidepanelAlanTuring },
  { file: 'popup', scene: popup },
  { file: 'options', scene: options },
  { file: 'profile-chip', scene: profileChip },
  { file: 'state-offline', scene: stateOffline },
  { file: 'day-one', scene: dayOne },
  { file: 'day-one-panel', scene: dayOnePanel },
  { file: 'state-no-key', scene: stateNoKey },
  { file: 'state-bad-key', scene: stateBadKey },
  { file: 'state-pending-change', scene: statePendingChange },
  { file: 'state-not-profile', scene: stateNotProfile },
  { file: 'lead-identity', scene: leadIdentity },
  { file: 'person-context', scene: personContext },
  { file: 'search-import', scene: searchImport },
  { file: 'list-badges', scene: listBadges },
  { file: 'corpus-badges', scene: corpusBadges },
  { file: 'lead-match', scene: leadMatch },
  { file: 'reply', scene: reply },
  { file: 'reply-template', scene: replyTemplate },
  { file: 'this-page', scene: thisPage },
  { file: 'selection-pages', scene: selectionPages },
  { file: 'whose-turn', scene: whoseTurn },
];
