import { plainField, type ContentSource } from '@qf/shared/content';

export interface StatementNotification {
  show: boolean;
  url: string | null;
}

/**
 * SPEC §4, §7: the statement notification flag, read from the content source each time a layout loads
 * (so switching it on in the CMS shows it at once, without touching cached pages). It is off unless the
 * entry says true and names the statements site; a broken content source leaves it off.
 */
export function createStatementReader(store: ContentSource) {
  return async function statement(): Promise<StatementNotification> {
    try {
      const entry = (await store.entries('siteGlobals'))[0];
      const url = entry ? (plainField<string>(entry, 'statementUrl') ?? null) : null;
      return { show: Boolean(entry && plainField<boolean>(entry, 'showStatementNotification') === true && url), url };
    } catch (error) {
      console.error(error);
      return { show: false, url: null };
    }
  };
}
