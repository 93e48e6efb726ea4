import type { Migration } from './types';
import { migration as m001 } from './001-newsletter';
import { migration as m002 } from './002-event-registrations';
import { migration as m003 } from './003-outbox';
import { migration as m004 } from './004-uploads';
import { migration as m005 } from './005-engagement';
import { migration as m006 } from './006-push';
import { migration as m007 } from './007-outbox-headers';
import { migration as m008 } from './008-poll-addresses';
import { migration as m009 } from './009-rate-limits';
import { migration as m010 } from './010-upload-chunks';
import { migration as m011 } from './011-newsletter-lists';
import { migration as m012 } from './012-upload-budget';
import { migration as m013 } from './013-upload-exports';

/**
 * Versioned migrations, one file each (`NNN-name.ts`), applied in order by `openDb` for PGlite and
 * PostgreSQL alike. Versions are unique; a migration is never edited once released, only followed.
 */
export const migrations: Migration[] = [m001, m002, m003, m004, m005, m006, m007, m008, m009, m010, m011, m012, m013].sort((a, b) => a.version - b.version);
