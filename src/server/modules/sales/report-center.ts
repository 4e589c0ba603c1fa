import type { CenterScope } from '../centers';

/** What a report covers: one center, or the company (who sees which: the centers module's centerScopeOf). */
export type ReportScope = CenterScope;

/** What a report's file is named after: the center, or "All centers" (made a file name's part by fileNamePart). */
export const scopeFileName = (scope: ReportScope) => scope.center?.name ?? 'All centers';
