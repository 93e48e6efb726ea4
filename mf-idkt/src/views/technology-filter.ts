// No zod here: the technology list view imports these helpers, and the browser should not pay for zod.
export const FIELDS = ['energy', 'health', 'computing', 'materials', 'environment', 'water', 'agriculture'] as const;
export const STATUSES = ['available', 'licensed', 'in-development'] as const;
export type Field = (typeof FIELDS)[number];
export type Status = (typeof STATUSES)[number];
export interface TechnologyFilter {
  field?: Field;
  status?: Status;
}

/** Read the filter from the page's query; unknown values are reported, never trusted. */
export function parseTechnologyFilter(query: URLSearchParams): { filter: TechnologyFilter; invalid: ('field' | 'status')[] } {
  const filter: TechnologyFilter = {};
  const invalid: ('field' | 'status')[] = [];
  const field = query.get('field')?.trim();
  const status = query.get('status')?.trim();
  if (field) {
    if ((FIELDS as readonly string[]).includes(field)) filter.field = field as Field;
    else invalid.push('field');
  }
  if (status) {
    if ((STATUSES as readonly string[]).includes(status)) filter.status = status as Status;
    else invalid.push('status');
  }
  return { filter, invalid };
}

export const filterTechnologies = <T extends { field: Field; status: Status }>(items: readonly T[], filter: TechnologyFilter): T[] =>
  items.filter((i) => (!filter.field || i.field === filter.field) && (!filter.status || i.status === filter.status));

/** The query string of a filter (`?field=…&status=…`, or ''): the shareable state of the list. */
export function technologyFilterQuery(filter: TechnologyFilter): string {
  const q = new URLSearchParams();
  if (filter.field) q.set('field', filter.field);
  if (filter.status) q.set('status', filter.status);
  const s = q.toString();
  return s ? `?${s}` : '';
}
