/** The shape of `bench/results.json`: the run, and each section's figures (absent: not run, nor kept from an earlier run). */
import type { BrowseResult } from './browse-trace';
import type { SearchResult } from './emulator-search';
import type { InboxBenchResult } from './inbox';
import type { LimiterResult } from './limiter';
import type { ListBadgesResult } from './list-badges';
import type { FirstScreenRow } from './first-screen';
import type { StandingRow } from './campaign-standing';
import type { LiveBenchResult } from './live';
import type { LongTasksResult } from './long-tasks';
import type { Machine } from './machine';
import type { PageReaderResult } from './page-reader';
import type { ReplyBenchResult } from './reply';
import type { SizesResult } from './sizes';
import type { StartupResult } from './startup';
import type { TeamResult } from './team-figures';
import type { AudienceBenchResult } from './this-page';
import type { ImportBenchResult } from './search-import-report';

export interface Results {
  date: string;
  commit: string;
  machine: Machine;
  durationS: number;
  /** Each section with the commit and date of the run that measured it (`--only` keeps the others). */
  sections: { name: string; seconds: number; load: number; commit?: string; date?: string }[];
  browse?: BrowseResult;
  limiter?: LimiterResult;
  sizes?: SizesResult;
  startup?: StartupResult;
  search?: SearchResult;
  inbox?: InboxBenchResult;
  reply?: ReplyBenchResult;
  lists?: ListBadgesResult;
  reader?: PageReaderResult;
  team?: TeamResult;
  /** "This page" (issue 35). */
  audience?: AudienceBenchResult;
  /** Issue 36. */
  live?: LiveBenchResult;
  /** Issue 45: px to the panel's acts. */
  screen?: FirstScreenRow[];
  /** Issue 42: long tasks on real-size pages at 4x CPU. */
  tasks?: LongTasksResult;
  /** Issue 44: statsleads calls per profile view. */
  standing?: StandingRow[];
  /** Issue 43: a whole search imported in one call beside page by page. */
  import?: ImportBenchResult;
}
