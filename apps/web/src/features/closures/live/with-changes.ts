/** Closures that changed (live messages), applied to the list as the API would answer it now. */
import { closureCounts } from '@flare/core/closures/closure-status';
import type { Closure, ClosureList } from '@flare/core/schemas/closure';

/** The API's order: the latest change first. */
const byLatestChange = (a: Closure, b: Closure) =>
  b.updated_at.localeCompare(a.updated_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Deleted closures leave the list; a copy older than the one held (a late message) changes nothing. */
export function withChanges(list: ClosureList, changed: readonly Closure[]): ClosureList {
  const byId = new Map(list.data.map((closure) => [closure.id, closure]));
  for (const closure of changed) {
    const held = byId.get(closure.id);
    if (held && held.updated_at > closure.updated_at) continue;
    if (closure.is_deleted) byId.delete(closure.id);
    else byId.set(closure.id, closure);
  }
  const data = [...byId.values()].sort(byLatestChange);
  return { data, counts: closureCounts(data) };
}
