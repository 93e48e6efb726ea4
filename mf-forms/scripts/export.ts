// `npm run forms:export -- --form <name> [--since DATE] [--out FILE]`: a form's submissions as CSV, read
// from the database the server uses (DATABASE_URL, or the PGlite folder DATA_DIR, default data/forms).
import { runExport } from '../server/export-command';
import { runScript } from './command';

runScript('forms:export', runExport);
