import { chromeSiteSchema, pageChromeSchema, resolvedPageSchema } from '@qf/shared/contracts';

const page = { template: 'landing', head: { title: 'IDKT', description: '', alternatePath: '/ar/idkt' }, data: {}, widgets: [], hydration: 'idle' };

describe('the chrome a page hands to a widget', () => {
  it('is optional: pages without it keep the shell’s own chrome', () => {
    expect(resolvedPageSchema.parse(page).chrome).toBeUndefined();
  });

  it('names a widget and its props for a known part of the chrome', () => {
    const chrome = { footer: { id: 'mf-idkt/IdktFooter', props: { email: 'idkt@qf.org.qa' } } };
    expect(resolvedPageSchema.parse({ ...page, chrome }).chrome).toEqual(chrome);
  });

  it('refuses unknown parts of the chrome and malformed widget ids', () => {
    expect(pageChromeSchema.safeParse({ header: { id: 'mf-idkt/IdktHeader', props: {} } }).success).toBe(false);
    expect(pageChromeSchema.safeParse({ footer: { id: 'IdktFooter', props: {} } }).success).toBe(false);
    expect(pageChromeSchema.safeParse({ footer: { id: 'mf-idkt/IdktFooter' } }).success).toBe(false);
  });

  it('gives chrome widgets the site-wide lines as `site`', () => {
    expect(chromeSiteSchema.parse({ copyright: '© 2026', smallLinks: '[Terms](/terms-of-use)' })).toEqual({ copyright: '© 2026', smallLinks: '[Terms](/terms-of-use)' });
    expect(chromeSiteSchema.safeParse({ copyright: '© 2026' }).success).toBe(false);
  });
});
