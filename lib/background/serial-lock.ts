/** Runs work one piece at a time, in the order it was asked for; a failure does not block the next. */
export function createSerialLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return function underLock<T>(work: () => Promise<T>): Promise<T> {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

export type SerialLock = ReturnType<typeof createSerialLock>;
