/**
 * Every scene of `npm run screenshots`, by the name of its file in this folder (`--only <file>`).
 * Add a scene: a file here exporting `scene`, one import and one line below.
 */
import type { Scene } from '../scene';
import { scene as sidepanelAdaLovelace } from './sidepanel-ada-lovelace';

export interface RegisteredScene {
  /** The scene's file name, without `.ts`. */
  file: string;
  scene: Scene;
}

export const SCENES: readonly RegisteredScene[] = [
  { file: 'sidepanel-ada-lovelace', scene: sidepanelAdaLovelace },
];
