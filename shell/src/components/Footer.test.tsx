/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { areasFromMenu } from '../areas';
import { ShellLangContext } from '../i18n';
import type { Globals } from '../state';
import { Footer } from './Footer';

const globals = (lang: 'en' | 'ar'): Globals => ({
  tagline: lang === 'en' ? 'Unlocking human potential' : 'إطلاق قدرات الإنسان',
  copyright: lang === 'en' ? '© 2026 Qatar Foundation. All rights reserved.' : '© 2026 مؤسسة قطر. جميع الحقوق محفوظة.',
  email: 'info@qf.org.qa',
  phone: '+974 4454 0000',
  featuredStoryPath: '/stories/a',
  footer: {
    pressEmail: 'pressoffice@qf.org.qa',
    smallLinks: '[Privacy policy](/privacy-policy) · [Terms of use](/terms-of-use) <img src=x onerror=alert(1)>',
    assistantName: lang === 'en' ? 'QF Assistant' : 'مساعد مؤسسة قطر',
    socials: [
      { network: 'instagram', href: 'https://www.instagram.com/qatarfoundation' },
      { network: 'twitter', href: 'https://x.com/qatarfoundation' },
    ],
    secondary: [
      { label: 'About', href: '/about' },
      { label: 'IDKT', href: '/idkt' },
    ],
    hotlinePath: '/balagh-qf-whistle-blower-hotline',
    yearInReviewUrl: 'https://reports.qf.org.qa/year-in-review',
    tendersUrl: 'https://suppliers.qf.org.qa/tenders',
    supplierRegistrationPath: '/supplier-registration',
  },
  areas: areasFromMenu([
    { label: 'Education', filterVerticalCategory: 'education', subpages: [{ title: 'Schools', slug: 'schools' }] },
    { label: 'World Cup', filterVerticalCategory: 'worldcup', subpages: [{ title: 'All', slug: 'all' }] },
  ]),
});

const show = (lang: 'en' | 'ar') =>
  render(
    <ShellLangContext.Provider value={lang}>
      <Footer lang={lang} globals={globals(lang)} />
    </ShellLangContext.Provider>,
  );
const hrefs = (el: HTMLElement) => within(el).getAllByRole('link').map((a) => a.getAttribute('href'));

describe('the main footer (SPEC §2)', () => {
  it('shows every element, in English', () => {
    show('en');
    const footer = screen.getByRole('contentinfo', { name: 'Site footer' });
    expect(within(footer).getByText('Unlocking human potential')).toBeInTheDocument();
    expect(hrefs(screen.getByRole('navigation', { name: 'Quick links' }))).toEqual(['/about', '/stories', '/events', '/media-center']);
    expect(hrefs(screen.getByRole('navigation', { name: 'More from Qatar Foundation' }))).toEqual(['/about', '/idkt']);
    // The World Cup group is the skipped stories link.
    expect(hrefs(screen.getByRole('navigation', { name: 'Our areas' }))).toEqual(['/education', '/education/schools']);
    expect(hrefs(screen.getByRole('navigation', { name: 'Work with us' }))).toEqual(['https://reports.qf.org.qa/year-in-review', 'https://suppliers.qf.org.qa/tenders', '/supplier-registration']);
    expect(screen.getByText('For general and media inquiries, please contact our press office:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pressoffice@qf.org.qa' })).toHaveAttribute('href', 'mailto:pressoffice@qf.org.qa');
    expect(screen.getByRole('link', { name: 'info@qf.org.qa' })).toHaveAttribute('href', 'mailto:info@qf.org.qa');
    expect(screen.getByRole('link', { name: '+974 4454 0000' })).toHaveAttribute('href', 'tel:+97444540000');
    expect(screen.getByRole('link', { name: 'Balagh: whistle-blowing and fraud hotline' })).toHaveAttribute('href', '/balagh-qf-whistle-blower-hotline');
    const instagram = screen.getByRole('link', { name: 'Qatar Foundation on Instagram' });
    expect(instagram).toHaveAttribute('data-qf-social', 'instagram');
    expect(instagram.closest('[data-qf-module]')).toHaveAttribute('data-qf-module', 'footer');
    expect(screen.getByRole('link', { name: 'Qatar Foundation on X' })).toHaveAttribute('href', 'https://x.com/qatarfoundation');
    expect(screen.getByRole('button', { name: 'Ask QF Assistant' })).toHaveAccessibleDescription('Questions about Qatar Foundation? Our assistant answers from this website.');
    expect(screen.getByText('© 2026 Qatar Foundation. All rights reserved.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Legal' }).innerHTML).toBe('<a href="/privacy-policy">Privacy policy</a> · <a href="/terms-of-use">Terms of use</a> &lt;img src=x onerror=alert(1)&gt;');
    expect(screen.getByText(/We want everyone to be able to use this website\./)).toBeInTheDocument();
  });

  it('and in Arabic, with every site link under /ar', () => {
    show('ar');
    expect(screen.getByRole('contentinfo', { name: 'تذييل الموقع' })).toBeInTheDocument();
    expect(screen.getByText('إطلاق قدرات الإنسان')).toBeInTheDocument();
    expect(hrefs(screen.getByRole('navigation', { name: 'روابط سريعة' }))).toEqual(['/ar/about', '/ar/stories', '/ar/events', '/ar/media-center']);
    expect(hrefs(screen.getByRole('navigation', { name: 'اعمل معنا' }))[2]).toBe('/ar/supplier-registration');
    expect(screen.getByRole('link', { name: 'بلاغ: الخط الساخن للإبلاغ عن المخالفات والاحتيال' })).toHaveAttribute('href', '/ar/balagh-qf-whistle-blower-hotline');
    expect(screen.getByRole('button', { name: 'اسأل مساعد مؤسسة قطر' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'مؤسسة قطر على إنستغرام' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'معلومات قانونية' })).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/ar/terms-of-use');
  });

  it('opens the assistant from the teaser', () => {
    show('en');
    const opened = jest.fn();
    window.addEventListener('qf:open-assistant', opened);
    fireEvent.click(screen.getByRole('button', { name: 'Ask QF Assistant' }));
    window.removeEventListener('qf:open-assistant', opened);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('still shows the basics when the footer content could not be read', () => {
    const { footer: _footer, areas: _areas, ...basic } = globals('en');
    render(
      <ShellLangContext.Provider value="en">
        <Footer lang="en" globals={basic} />
      </ShellLangContext.Provider>,
    );
    expect(screen.getByRole('navigation', { name: 'Quick links' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'info@qf.org.qa' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask Qatar Foundation' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Our areas' })).toBeNull();
  });
});
