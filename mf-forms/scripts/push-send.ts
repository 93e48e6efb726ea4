// `npm run push:send -w mf-forms -- --title … --body … --url … [--lang en|ar]`: one notification to every
// stored push subscription, signed with the server's VAPID keys (see mf-forms/README.md).
import path from 'node:path';
import { defaultDataDir } from '../server/app';
import { runPushSend } from '../server/push-command';

runPushSend(process.argv.slice(2), {
  env: process.env,
  defaultDataDir: defaultDataDir(path.resolve(__dirname, '..')),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('push:send failed:', error);
    process.exitCode = 1;
  },
);
