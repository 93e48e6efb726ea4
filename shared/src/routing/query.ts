/**
 * A page's query as it counts (issue 37, H1): only the parameters its template reads (the route
 * manifest's `query`), ordered by name, each name's values in the order they came. Anything else
 * (a campaign tag, a parameter made up to miss a cache) is dropped, so it neither makes a page of its
 * own in the shell's cache nor reaches the owner. `''` when nothing is left. The shell keys its cache
 * and asks the owner with it; a section's resolver is given the same (definePages), so what a
 * template reads and what keys its pages cannot differ.
 */
export function keyedQuery(search: string, names: readonly string[] | undefined): string {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  // Not declared (a section's release from before query keys): all of it, as it came.
  if (names === undefined) return raw;
  if (!raw || names.length === 0) return '';
  const kept: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(raw)) if (names.includes(name)) kept.push([name, value]);
  if (kept.length === 0) return '';
  // Array.prototype.sort is stable: the values of one name keep their order.
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new URLSearchParams(kept).toString();
}
