/** One schema change: runs once, in version order, inside its own transaction. Never edit a released one. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
