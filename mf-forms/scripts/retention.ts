// `npm run forms:retention -- --form <art-entries|scholarships> --before DATE [--delete]`: deletes the
// submissions made before DATE with their uploaded files, once a whole export with the files covered
// them (mf-forms/README.md, "Budget, quota and retention"); without --delete it says what it would delete.
import { runRetention } from '../server/retention-command';
import { runScript } from './command';

runScript('forms:retention', runRetention);
