/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import type { WidgetHost } from '@qf/shared/contracts';
import type { Lang } from '@qf/shared/i18n';
import { linkHref } from '@qf/shared/routing';
import { section } from '../section';
import type { IdktFooterData } from './idkt-footer-data';

const data: IdktFooterData = {
  email: 'idkt@qf.org.qa',
  phone: '+974 4454 7166',
  audiences: [
    { slug: 'for-industry', title: 'For industry', sections: ['License a technology', 'Sponsored research', 'Licensing criteria'] },
    { slug: 'for-researchers', title: 'For researchers', sections: ['Disclose', 'Rewards', 'Innovation fellowship'] },
    { slug: 'for-entrepreneurs', title: 'For entrepreneurs', sections: ['Spin-out', 'Incubation', 'Entrepreneurial leave'] },
  ],
  site: { copyright: '© 2026 Qatar Foundation.', smallLinks: '[Terms of use](/terms-of-use) <b>x</b>' },
};

/** What the shell resolves of mf-content's route manifest for the footer's links (page data's `links`). */
const published: Record<string, string[]> = { 'mf-content/page': ['/:slug', '/about/:slug'], 'mf-content/area.education': ['/education'], 'mf-content/area.research': ['/research'], 'mf-content/area.community': ['/community'] };
const hostIn = (lang: Lang, links = published): WidgetHost => ({ href: (route, params) => linkHref(links[route], lang, params) });
const show = (lang: Lang, d: unknown = data, host: WidgetHost = hostIn(lang)) => render(<SectionRoot section={section} view="IdktFooter" data={d} lang={lang} bus={createBus()} host={host} />);
const hrefs = (nav: HTMLElement) => within(nav).getAllByRole('link').map((a) => a.getAttribute('href'));

describe('IdktFooter (SPEC §2)', () => {
  it('shows the office heading, contacts and newsletter link', () => {
    show('en');
    expect(screen.getByRole('contentinfo', { name: 'IDKT footer' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Industry Development and Knowledge Transfer office' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'idkt@qf.org.qa' })).toHaveAttribute('href', 'mailto:idkt@qf.org.qa');
    expect(screen.getByRole('link', { name: '+974 4454 7166' })).toHaveAttribute('href', 'tel:+97444547166');
    expect(screen.getByRole('link', { name: 'Subscribe to the IDKT newsletter' })).toHaveAttribute('href', '/idkt/newsletter');
  });

  it('has the navigation, audience and general columns, with the audience pages’ anchors', () => {
    show('en');
    expect(hrefs(screen.getByRole('navigation', { name: 'Navigation' }))).toEqual(['/idkt/technologies', '/idkt/about', '/idkt/info-bank', '/idkt/road-to-technology-transfer']);
    expect(hrefs(screen.getByRole('navigation', { name: 'For industry' }))).toEqual(['/idkt/for-industry', '/idkt/for-industry#section-1', '/idkt/for-industry#section-2', '/idkt/for-industry#section-3']);
    expect(within(screen.getByRole('navigation', { name: 'For researchers' })).getByRole('link', { name: 'Innovation fellowship' })).toHaveAttribute('href', '/idkt/for-researchers#section-3');
    expect(within(screen.getByRole('navigation', { name: 'For entrepreneurs' })).getByRole('link', { name: 'Entrepreneurial leave' })).toHaveAttribute('href', '/idkt/for-entrepreneurs#section-3');
    expect(hrefs(screen.getByRole('navigation', { name: 'General' }))).toEqual(['/about', '/education', '/research', '/community']);
  });

  it('links the foundation’s pages by their route ids, as the shell resolves them, and leaves out one it does not know', () => {
    show('ar');
    expect(hrefs(screen.getByRole('navigation', { name: 'عام' }))).toEqual(['/ar/about', '/ar/education', '/ar/research', '/ar/community']);
    document.body.innerHTML = '';
    const { 'mf-content/area.research': _gone, ...rest } = published;
    show('en', data, hostIn('en', rest));
    expect(hrefs(screen.getByRole('navigation', { name: 'General' }))).toEqual(['/about', '/education', '/community']);
    document.body.innerHTML = '';
    show('en', data, {});
    expect(screen.queryByRole('navigation', { name: 'General' })).toBeNull();
  });

  it('links the accessibility partner, with ?lang=ar in Arabic, and localises every site link', () => {
    show('en');
    expect(screen.getByRole('link', { name: 'Mada, Qatar Assistive Technology Center: our accessibility partner' })).toHaveAttribute('href', 'https://mada.org.qa/');
    document.body.innerHTML = '';
    show('ar');
    expect(screen.getByRole('link', { name: 'مدى، مركز التكنولوجيا المساعدة في قطر: شريكنا في إمكانية الوصول' })).toHaveAttribute('href', 'https://mada.org.qa/?lang=ar');
    expect(hrefs(screen.getByRole('navigation', { name: 'التنقل' }))).toEqual(['/ar/idkt/technologies', '/ar/idkt/about', '/ar/idkt/info-bank', '/ar/idkt/road-to-technology-transfer']);
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/ar/terms-of-use');
  });

  it('shows the site’s copyright and small links, escaping anything but links', () => {
    show('en');
    expect(screen.getByText('© 2026 Qatar Foundation.')).toBeInTheDocument();
    const legal = screen.getByRole('group', { name: 'Legal' });
    expect(legal.innerHTML).toBe('<a href="/terms-of-use">Terms of use</a> &lt;b&gt;x&lt;/b&gt;');
  });

  it('goes back to the top of the page and to its first control', () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    document.body.insertAdjacentHTML('afterbegin', '<a href="#main" id="skip">Skip</a>');
    show('en');
    fireEvent.click(screen.getByRole('link', { name: 'Go to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(document.activeElement).toBe(document.getElementById('skip'));
    expect(screen.getByRole('link', { name: 'Go to top' })).toHaveAttribute('href', '#top');
  });

  it('refuses props without the site lines, so the shell falls back to its own footer', () => {
    const { site: _site, ...rest } = data;
    expect(() => renderToString(<SectionRoot section={section} view="IdktFooter" data={rest} lang="en" bus={createBus()} host={{}} />)).toThrow();
  });
});
