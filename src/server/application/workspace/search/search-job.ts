import { Result, err, ok } from '../../../../base/result';
import { SearchScope } from '../../../../domain/search/search-scope';
import { textQuery } from '../../../../domain/search/text-query';
import { FsSearchParams } from '../../../../protocol';
import { SearchJob } from './search-engine';

/** A text search's params as a job; a glob that does not compile gives its error text. */
export function searchJob(params: FsSearchParams): Result<SearchJob, string> {
  const scope = SearchScope.from(params);
  if (!scope.ok) return err(scope.error);
  return ok({ query: textQuery(params), scope: scope.value });
}
