/**
 * A port from a panel can be what wakes a stopped worker. Its first message (the panel's
 * subscription) then arrives while the worker is still starting, before the listener that needs the
 * started service is attached, and a port drops what no listener takes: the panel would wait for a
 * state forever. So a port is listened to from the moment it connects, and what it delivered (its
 * messages, its disconnection) is handed on once the real listeners are attached.
 */

/** The part of `runtime.Port` this needs. */
export interface PortEvents {
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface BufferedPort {
  /** Attaches the real listeners; what came before is delivered to them at once, in order. */
  listen(onMessage: (message: unknown) => void, onDisconnect?: () => void): void;
}

/** Call synchronously in `runtime.onConnect`, before anything is awaited. */
export function bufferPort(port: PortEvents): BufferedPort {
  const queued: unknown[] = [];
  let disconnected = false;
  let target: { onMessage(message: unknown): void; onDisconnect?(): void } | null = null;
  port.onMessage.addListener((message) => {
    if (target) target.onMessage(message);
    else queued.push(message);
  });
  port.onDisconnect.addListener(() => {
    disconnected = true;
    target?.onDisconnect?.();
  });
  return {
    listen(onMessage, onDisconnect) {
      target = { onMessage, ...(onDisconnect ? { onDisconnect } : {}) };
      for (const message of queued.splice(0)) onMessage(message);
      if (disconnected) onDisconnect?.();
    },
  };
}
