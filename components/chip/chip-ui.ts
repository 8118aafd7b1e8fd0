/**
 * The chip's place on a profile page: a closed shadow root (the page can neither read nor restyle
 * it) under a host name drawn anew on every load, appended at the end of the body. One definition
 * for the content script and the tests that play a hostile page against it.
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import { CHIP_CSS, CHIP_SHADOW_MODE, chipHostName, mountChip, type ChipHandle, type ChipMemory } from './chip';

/**
 * The chip's UI, not yet mounted; `onOpen` runs on a click of the chip (a user gesture); `memory`
 * keeps whether it is folded.
 */
export function createChipUi(ctx: ContentScriptContext, onOpen: () => void, memory?: ChipMemory) {
  return createShadowRootUi<ChipHandle>(ctx, {
    name: chipHostName(),
    mode: CHIP_SHADOW_MODE,
    position: 'inline',
    anchor: 'body',
    append: 'last',
    css: CHIP_CSS,
    isolateEvents: true,
    onMount: (container) => mountChip(container, onOpen, memory),
  });
}
