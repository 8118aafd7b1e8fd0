/**
 * The extension pages connected over long-lived ports: side panels and popups subscribed to a tab's
 * PanelState (`PANEL_PORT`), options pages following the outbox (`OUTBOX_PORT`). The background
 * pushes through it; a port that closes leaves it.
 */
import { LIVE_PORT, OUTBOX_PORT, PANEL_PORT, PanelSubscribe, THIS_PAGE_PORT, type LivePush, type OutboxPush, type PanelPush, type ThisPagePush } from '../messages';
import type { InboxPreviewView, InboxRowView, OutboxItemView, PanelState, ThisPageView } from '../views';
import type { BufferedPort } from './port-buffer';

/** The part of `runtime.Port` the registry uses. */
export interface PagePort {
  name: string;
  postMessage(message: unknown): void;
  disconnect(): void;
}

/** What a new port is answered with. */
export interface PortAnswers {
  /** A panel subscribed to a tab: its current state goes out through `panel`, in order with other pushes. */
  subscribed(tabId: number): void;
  /** The outbox as it is, for a page that just connected. */
  outboxItems(): Promise<OutboxItemView[] | null>;
  /** The last panel port closed: no panel shows anything any more. */
  panelsClosed?(): void;
  /** A "This page" view subscribed to a tab (its view goes out through `thisPage`). */
  thisPageSubscribed?(tabId: number): void;
  /** The tab's last "This page" view closed. */
  thisPageClosed?(tabId: number): void;
}

export function createPortRegistry() {
  const panelPorts = new Map<number, Set<PagePort>>();
  const outboxPorts = new Set<PagePort>();
  /** The open queues following relayed rows (issue 36). */
  const livePorts = new Set<PagePort>();
  /** Every panel port open, subscribed to a tab yet or not. */
  const openPanels = new Set<PagePort>();
  /** The "This page" views open, by the tab they show (issue 42). */
  const thisPagePorts = new Map<number, Set<PagePort>>();

  function acceptThisPage(port: PagePort, buffered: BufferedPort, answers: PortAnswers) {
    let tab: number | null = null;
    const leave = () => {
      if (tab === null) return;
      const ports = thisPagePorts.get(tab);
      ports?.delete(port);
      if (ports?.size === 0) {
        thisPagePorts.delete(tab);
        answers.thisPageClosed?.(tab);
      }
      tab = null;
    };
    buffered.listen(
      (raw: unknown) => {
        const parsed = PanelSubscribe.safeParse(raw);
        if (!parsed.success) return;
        // One tab per view: a panel that follows another tab subscribes again.
        leave();
        tab = parsed.data.subscribe;
        let ports = thisPagePorts.get(tab);
        if (!ports) thisPagePorts.set(tab, (ports = new Set()));
        ports.add(port);
        answers.thisPageSubscribed?.(tab);
      },
      leave,
    );
  }

  function acceptPanel(port: PagePort, buffered: BufferedPort, answers: PortAnswers) {
    const subscribed = new Set<number>();
    let disconnected = false;
    openPanels.add(port);
    buffered.listen(
      (raw: unknown) => {
        const parsed = PanelSubscribe.safeParse(raw);
        if (!parsed.success || disconnected) return;
        const tabId = parsed.data.subscribe;
        subscribed.add(tabId);
        let ports = panelPorts.get(tabId);
        if (!ports) panelPorts.set(tabId, (ports = new Set()));
        ports.add(port);
        answers.subscribed(tabId);
      },
      () => {
        disconnected = true;
        for (const tabId of subscribed) panelPorts.get(tabId)?.delete(port);
        openPanels.delete(port);
        if (openPanels.size === 0) answers.panelsClosed?.();
      },
    );
  }

  function acceptOutbox(port: PagePort, buffered: BufferedPort, answers: PortAnswers) {
    outboxPorts.add(port);
    buffered.listen(
      () => undefined,
      () => outboxPorts.delete(port),
    );
    void answers.outboxItems().then((items) => {
      if (items) port.postMessage({ type: 'outbox', items } satisfies OutboxPush);
    });
  }

  return {
    /** A port from this extension's own page (the sender was checked); any other name is closed. */
    accept(port: PagePort, buffered: BufferedPort, answers: PortAnswers) {
      if (port.name === PANEL_PORT) acceptPanel(port, buffered, answers);
      else if (port.name === THIS_PAGE_PORT) acceptThisPage(port, buffered, answers);
      else if (port.name === OUTBOX_PORT) acceptOutbox(port, buffered, answers);
      else if (port.name === LIVE_PORT) {
        livePorts.add(port);
        buffered.listen(
          () => undefined,
          () => livePorts.delete(port),
        );
      }
      else port.disconnect();
    },
    panel(tabId: number, state: PanelState) {
      const message: PanelPush = { type: 'panel-state', tabId, state };
      for (const port of panelPorts.get(tabId) ?? []) port.postMessage(message);
    },
    live(row: InboxRowView, preview: InboxPreviewView | null) {
      const message: LivePush = { type: 'inbox-live', row, preview };
      for (const port of livePorts) port.postMessage(message);
    },
    thisPage(tabId: number, view: ThisPageView) {
      const message: ThisPagePush = { type: 'this-page', tabId, view };
      for (const port of thisPagePorts.get(tabId) ?? []) port.postMessage(message);
    },
    outbox(items: OutboxItemView[]) {
      const message: OutboxPush = { type: 'outbox', items };
      for (const port of outboxPorts) port.postMessage(message);
    },
  };
}
