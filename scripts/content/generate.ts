// `npm run content:generate -- --entries N [--out DIR]`: a whole bilingual store of N entries (the real
// content and generated entries of every listed type in its proportions: shared/scripts/generate-content.ts)
// that `npm run content:check -- --dir DIR` passes and `CONTENT_DIR=DIR npm start` serves.
import path from 'node:path';
import { generate } from '../../shared/scripts/generate-content';

export { generate };

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

if (require.main === module) {
  const entries = Number(arg('entries', '1000'));
  const out = path.resolve(arg('out', path.join('data', `content-${entries}`)));
  generate(entries, out, path.join(__dirname, '..', '..', 'content')).then(
    ({ real, generated, byType }) =>
      console.log(`content:generate: ${real + generated} entries in ${out} (${real} real, ${generated} generated: ${Object.entries(byType).map(([t, n]) => `${n} ${t}`).join(', ')})`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
