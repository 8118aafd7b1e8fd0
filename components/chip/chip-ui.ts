/**
 * The chip's place on a profile page: a closed shadow root (the page can neither read nor restyle
 * it) under a host name drawn anew on every load, appended at the end of the body. One definition
 * for the content script and the tests that play a hostile page against it. Plain DOM, as the list
 * badges are: WXT's shadow-root UI helper cost the content script 8 kB for these few lines.
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { CHIP_CSS, CHIP_SHADOW_MODE, chipHostName, mountChip, type ChipHandle, type ChipMemory } from './chip';

export interface ChipUi {
  /** The closed shadow root (the extension's own reference; the page's `host.shadowRoot` is null). */
  readonly shadow: ShadowRoot;
  /** The chip once mounted, until removed. */
  readonly mounted: ChipHandle | undefined;
  /** Appends the host at the end of the body and builds the chip in it. */
  mount(): void;
  remove(): void;
}

/**
 * The chip's UI, not yet mounted; `onOpen` runs on a click of the chip (a user gesture); `memory`
 * keeps whether it is folded. Removed when the context is invalidated (the extension reloaded).
 */
export function createChipUi(ctx: ContentScriptContext, onOpen: () => void, memory?: ChipMemory): ChipUi {
  const host = document.createElement(chipHostName());
  const shadow = host.attachShadow({ mode: CHIP_SHADOW_MODE });
  const style = document.createElement('style');
  // The page's inherited styles stop at the host.
  style.textContent = `:host{all:initial !important;}\n${CHIP_CSS}`;
  const container = document.createElement('div');
  shadow.append(style, container);
  // Keys typed in the chip are not the page's: its shortcuts never see them.
  for (const type of ['keydown', 'keyup', 'keypress']) shadow.addEventListener(type, (event) => event.stopPropagation());
  let mounted: ChipHandle | undefined;
  const remove = () => {
    host.remove();
    container.replaceChildren();
    mounted = undefined;
  };
  ctx.onInvalidated(remove);
  return {
    shadow,
    get mounted() {
      return mounted;
    },
    mount() {
      document.body.append(host);
      mounted = mountChip(container, onOpen, memory);
    },
    remove,
  };
}
