import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { buildFormsServer } from './app';
import { commandDatabase, FORMS_ENV, loadFormsEnv } from './config';

describe('the mf-forms environment (config.ts)', () => {
  it('has a default or nothing for every variable, and reads set ones trimmed', () => {
    expect(loadFormsEnv({})).toEqual({ SHELL_ORIGINS: 'http://127.0.0.1:3000,http://localhost:3000', FORMS_RATE_LIMIT: 30, POLL_VOTES_PER_ADDRESS: 1 });
    expect(
      loadFormsEnv({
        DATABASE_URL: ' postgres://forms:pw@db:5432/forms ',
        FORMS_RATE_LIMIT: '120',
        OUTBOX_POLL_MS: '250',
        ECSS_RETRY_MS: '50',
        SITE_URL: 'https://www.qf.org.qa',
        UPLOADS_STORE: 'files',
        QF_CLUSTER: '1',
        VAPID_SUBJECT: 'mailto:ops@qf.org.qa',
        MAIL_FROM: ' Forms <forms@qf.org.qa> ',
      }),
    ).toMatchObject({ DATABASE_URL: 'postgres://forms:pw@db:5432/forms', FORMS_RATE_LIMIT: 120, OUTBOX_POLL_MS: 250, ECSS_RETRY_MS: 50, UPLOADS_STORE: 'files', QF_CLUSTER: '1', MAIL_FROM: 'Forms <forms@qf.org.qa>' });
  });

  it('takes a variable set to nothing as not set', () => {
    expect(loadFormsEnv({ DATABASE_URL: '', SMTP_URL: '  ', FORMS_RATE_LIMIT: '', FORMS_SECRET: '' })).toEqual(loadFormsEnv({}));
  });

  it('names every wrong variable at once, with what it must be', () => {
    let message = '';
    try {
      loadFormsEnv({ FORMS_RATE_LIMIT: 'lots', DATABASE_URL: 'mysql://db/forms', UPLOADS_STORE: 'disk', QF_CLUSTER: 'yes', VAPID_SUBJECT: 'ops@qf.org.qa', SITE_URL: 'qf.org.qa', OUTBOX_POLL_MS: '50' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid environment:',
      '  DATABASE_URL: must be a PostgreSQL URL such as postgres://user:password@host:5432/forms',
      '  UPLOADS_STORE: must be files or database',
      '  VAPID_SUBJECT: must be a mailto: address or an https:// URL',
      '  OUTBOX_POLL_MS: must be a number of milliseconds, at least 100 (got "50")',
      '  SITE_URL: must be an http(s) URL such as https://www.qf.org.qa',
      '  FORMS_RATE_LIMIT: must be a whole number from 1 to 1000000000 (got "lots")',
      '  QF_CLUSTER: must be 1 (several instances) or 0',
    ]);
  });

  it('refuses a number that only looks like one', () => {
    for (const bad of ['30.5', '1e3', '0x1e', '-5', '0', '3 0'])
      expect(() => loadFormsEnv({ FORMS_RATE_LIMIT: bad })).toThrow(`FORMS_RATE_LIMIT: must be a whole number from 1 to 1000000000 (got "${bad}")`);
  });

  it('lists every variable it reads for the deployment checks', () => {
    expect([...FORMS_ENV].sort()).toEqual(
      ['DATABASE_URL', 'DATA_DIR', 'UPLOADS_DIR', 'UPLOADS_STORE', 'UPLOAD_BYTES_PER_HOUR', 'UPLOAD_STORE_QUOTA_BYTES', 'FORMS_SECRET', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'SMTP_URL', 'MAIL_FROM', 'OUTBOX_POLL_MS', 'SITE_URL', 'SHELL_ORIGINS', 'FORMS_RATE_LIMIT', 'POLL_VOTES_PER_ADDRESS', 'QF_CLUSTER', 'ECSS_WORKFLOW_URL', 'ECSS_WORKFLOW_TOKEN', 'ECSS_RETRY_MS'].sort(),
    );
  });

  it('stops the server before it opens anything when a variable is wrong', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-forms-env-'));
    try {
      await expect(
        buildFormsServer({ dir: path.resolve(__dirname, '..'), dataDir: path.join(dir, 'forms'), env: { FORMS_RATE_LIMIT: 'NaN' }, content: createFileStore(path.resolve(__dirname, '../../content')) }),
      ).rejects.toThrow('FORMS_RATE_LIMIT: must be a whole number from 1 to 1000000000 (got "NaN")');
      // Nothing was created: no database folder, no generated keys.
      expect(() => rmSync(path.join(dir, 'forms'), { recursive: false })).toThrow(/ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a command its database, or says under its name why there is none', () => {
    const said: string[] = [];
    const io = (env: NodeJS.ProcessEnv) => ({ env, cwd: os.tmpdir(), defaultDataDir: 'qf-no-such-forms-folder', stderr: (text: string) => void said.push(text) });
    expect(commandDatabase('forms:export', io({ OUTBOX_POLL_MS: 'soon' }))).toBeUndefined();
    expect(commandDatabase('push:send', io({}))).toBeUndefined();
    expect(said).toEqual([
      'forms:export: Invalid environment:\n  OUTBOX_POLL_MS: must be a number of milliseconds, at least 100 (got "soon")\n',
      `push:send: there is no forms database in ${path.join(os.tmpdir(), 'qf-no-such-forms-folder')}. Set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL.\n`,
    ]);
    expect(commandDatabase('push:send', io({ DATABASE_URL: 'postgres://db/forms', DATA_DIR: ' forms ' }))).toMatchObject({ databaseUrl: 'postgres://db/forms', dataDir: path.join(os.tmpdir(), 'forms') });
  });
});
