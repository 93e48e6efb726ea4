import { readFileSync } from 'node:fs';
import path from 'node:path';
import { translations } from './translations';

/** IDKT's Arabic name, as its own section (mf-idkt) and the content's pages write it. */
const IDKT_AR = 'تنمية الصناعة ونقل المعرفة';

describe("IDKT's Arabic name", () => {
  it('is one name in the header, the breadcrumb and the menu content (the footer and the section say it so)', () => {
    expect(translations.ar.nav.idkt).toBe(IDKT_AR);
    expect(translations.ar.breadcrumb.segments.idkt).toBe(IDKT_AR);
    const menu = readFileSync(path.resolve(__dirname, '../../content/entries/menu.json'), 'utf8');
    expect(menu).not.toContain('تطوير الصناعة ونقل المعرفة');
    expect(menu).toContain(`"title": "${IDKT_AR}"`);
  });
});
