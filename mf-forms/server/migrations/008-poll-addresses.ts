import type { Migration } from './types';

export const migration: Migration = {
  version: 8,
  name: 'poll votes per address',
  // How many votes each poll counted from one client address (IPv4, or an IPv6 /64), the address kept
  // only as a keyed hash. The upsert that raises `votes` is the one place that decides, so two
  // simultaneous votes from one address cannot both pass the limit, on PGlite and PostgreSQL alike.
  sql: `
    CREATE TABLE poll_addresses (
      poll_id text NOT NULL,
      address_key text NOT NULL,
      votes integer NOT NULL CHECK (votes > 0),
      PRIMARY KEY (poll_id, address_key)
    );`,
};
