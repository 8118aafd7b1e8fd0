/**
 * How many schema versions this build stays behind the newest: 0 in every shipped build. The update
 * e2e test (`test/e2e/update.e2e.ts`) builds its "previous version" of the extension with
 * `WXT_PREVIOUS_SCHEMA=1`: this very code, but opening the database and storing the settings at the
 * version before the newest, so that the new build's migrations run on data a real older build wrote.
 * Read with `?.`: outside Vite (tsx scripts, the bench) `import.meta.env` is undefined.
 */
export const SCHEMA_STEPS_BACK: number = import.meta.env?.WXT_PREVIOUS_SCHEMA === '1' ? 1 : 0;
