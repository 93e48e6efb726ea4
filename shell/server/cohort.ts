// A visitor's canary cohort (issue 12): a number 0-99 kept in a cookie while a canary runs, so the same
// visitor gets the same release of a section on every page, on the server and in the browser. Visitors
// below the canary's percent get the canary. The cookie chooses nothing else: a visitor who sets it
// only chooses which of the two releases ops put live they see.
export const COHORT_COOKIE = 'qf_cohort';

/** Thirty days: long enough for a canary, short enough to be forgotten after it. */
const MAX_AGE_S = 30 * 24 * 3600;

/** The cohort in a Cookie header, when there is a valid one (an integer 0-99). */
export function cohortFromCookies(header: string | undefined): number | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COHORT_COOKIE && value !== undefined && /^\d{1,2}$/.test(value)) return Number(value);
  }
  return undefined;
}

/** The Set-Cookie value that gives a visitor `cohort`. */
export const cohortCookie = (cohort: number, secure: boolean): string => `${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
