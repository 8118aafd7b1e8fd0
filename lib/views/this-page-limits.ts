/** "This page"'s bounds, without zod: the panel imports them as values (the schemas stay in the worker). */

/** Most people one page lists to the worker, and one batch adds. */
export const PAGE_PEOPLE_MAX = 200;

/** At most this many people of a list are remembered across its pages (a selection that spans them). */
export const SELECTION_SEEN_MAX = 400;
