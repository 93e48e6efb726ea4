// `npm run content:check [-- --dir DIR]`: validate a content store against the model; exit 1 on any problem.
import path from 'node:path';
import { checkContent, formatProblem } from '@qf/shared/content';

async function main() {
  const i = process.argv.indexOf('--dir');
  const dir = path.resolve(i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : path.join(__dirname, '..', '..', 'content'));
  const { problems, entries } = await checkContent(dir);
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length) {
    console.error(`content check: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${entries} entries`);
    process.exit(1);
  }
  console.log(`content check: ${entries} entries, no problems`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
