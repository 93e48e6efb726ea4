// No zod here: the programme list view imports these helpers, and the browser should not pay for zod.
import type { ProgramListData } from './program-list-data';

export const DEGREES = ['pre-university', 'diploma', 'bachelor', 'master', 'phd', 'certificate'] as const;
export type Degree = (typeof DEGREES)[number];
export interface ProgramFilter {
  school?: string;
  degree?: Degree;
}

/** Read the filter from the page's query; unknown values are reported, never trusted. */
export function parseProgramFilter(query: URLSearchParams, schoolSlugs: readonly string[]): { filter: ProgramFilter; invalid: ('school' | 'degree')[] } {
  const filter: ProgramFilter = {};
  const invalid: ('school' | 'degree')[] = [];
  const school = query.get('school')?.trim();
  const degree = query.get('degree')?.trim();
  if (school) {
    if (schoolSlugs.includes(school)) filter.school = school;
    else invalid.push('school');
  }
  if (degree) {
    if ((DEGREES as readonly string[]).includes(degree)) filter.degree = degree as Degree;
    else invalid.push('degree');
  }
  return { filter, invalid };
}

export const filterPrograms = (programs: ProgramListData['programs'], filter: ProgramFilter): ProgramListData['programs'] =>
  programs.filter((p) => (!filter.school || p.provider?.slug === filter.school) && (!filter.degree || p.degree === filter.degree));

/** The query string of a filter (`?school=…&degree=…`, or '' when nothing is chosen): the shareable state. */
export function programFilterQuery(filter: ProgramFilter): string {
  const q = new URLSearchParams();
  if (filter.school) q.set('school', filter.school);
  if (filter.degree) q.set('degree', filter.degree);
  const s = q.toString();
  return s ? `?${s}` : '';
}
