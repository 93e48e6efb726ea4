import type { Migration } from './types';

export const migration: Migration = {
  version: 11,
  name: 'newsletter lists',
  // An address subscribes to each newsletter on its own: the monthly one ('general', every subscription
  // so far) and IDKT's quarterly one. One subscription per list and address, decided by the index.
  sql: `
    ALTER TABLE newsletter_subscriptions ADD COLUMN list text NOT NULL DEFAULT 'general' CHECK (list IN ('general', 'idkt-quarterly'));
    ALTER TABLE newsletter_subscriptions DROP CONSTRAINT newsletter_subscriptions_email_normalized_key;
    ALTER TABLE newsletter_subscriptions ADD CONSTRAINT newsletter_subscriptions_list_email_key UNIQUE (list, email_normalized);`,
};
