import type { Migration } from './types';
import { migration as m001 } from './001-newsletter';
import { migration as m002 } from './002-event-registrations';

/**
 * Versioned migrations, one file each (`NNN-name.ts`), applied in order by `openDb` for PGlite and
 * PostgreSQL alike. Versions are unique; a migration is never edited once released, only followed.
 */
export const migrations: Migration[] = [m001, m002].sort((a, b) => a.version - b.version);
