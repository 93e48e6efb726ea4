/**
 * Every environment variable mf-forms' own code reads (`env.X`, `env['X']`, `process.env.X` under
 * mf-forms/server). Besides these it reads what every section reads (`REMOTE_ENV` of
 * `@qf/shared/server`: PORT, HOST, SHELL_ORIGINS, TRUSTED_PROXIES) and the content source's settings.
 * env.test.ts greps the code so this list cannot drift; deploy.test.ts checks the deployment files
 * against it.
 */
export const FORMS_ENV = [
  'DATABASE_URL',
  'DATA_DIR',
  'UPLOADS_DIR',
  'UPLOADS_STORE',
  'FORMS_SECRET',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'SMTP_URL',
  'MAIL_FROM',
  'OUTBOX_POLL_MS',
  'SITE_URL',
  'SHELL_ORIGINS',
  'FORMS_RATE_LIMIT',
  'POLL_VOTES_PER_ADDRESS',
  'QF_CLUSTER',
  'ECSS_WORKFLOW_URL',
  'ECSS_WORKFLOW_TOKEN',
  'ECSS_RETRY_MS',
] as const;

export type FormsEnvName = (typeof FORMS_ENV)[number];
