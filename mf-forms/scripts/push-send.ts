// `npm run push:send -w mf-forms -- --title … --body … --url … [--lang en|ar]`: one notification to every
// stored push subscription, signed with the server's VAPID keys (see mf-forms/README.md).
import { runPushSend } from '../server/push-command';
import { runScript } from './command';

runScript('push:send', runPushSend);
