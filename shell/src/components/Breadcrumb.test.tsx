/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ShellLangContext } from '../i18n';
import { Breadcrumb } from './Breadcrumb';

const crumbs = (path: string, title: string, lang: 'en' | 'ar' = 'en') => {
  const { container, unmount } = render(
    <ShellLangContext.Provider value={lang}>
      <Breadcrumb lang={lang} path={path} title={title} />
    </ShellLangContext.Provider>,
  );
  const list = [...container.querySelectorAll('li')].map((li) => `${li.textContent}${li.querySelector('a') ? ` -> ${li.querySelector('a')?.getAttribute('href')}` : ''}`);
  unmount();
  return list;
};

describe('the breadcrumb (SPEC §2)', () => {
  it('is hidden on the home pages', () => {
    expect(crumbs('/', 'Home')).toEqual([]);
    expect(crumbs('/ar', 'الرئيسية', 'ar')).toEqual([]);
  });

  it('shows Home, the first segment’s title, then the page title', () => {
    expect(crumbs('/stories/a', 'A story')).toEqual(['Home -> /', 'Stories -> /stories', 'A story']);
    expect(crumbs('/ar/stories/a', 'قصة', 'ar')).toEqual(['الرئيسية -> /ar', 'القصص -> /ar/stories', 'قصة']);
    expect(crumbs('/ar/events/x', 'فعالية', 'ar')).toEqual(['الرئيسية -> /ar', 'الفعاليات -> /ar/events', 'فعالية']);
  });

  it.each([
    ['events', 'Events', 'الفعاليات'],
    ['education-city-speaker-series', 'Education City Speaker Series', 'سلسلة محاضرات المدينة التعليمية'],
    ['stories', 'Stories', 'القصص'],
    ['education', 'Education', 'التعليم'],
    ['research', 'Research', 'البحث'],
    ['community', 'Community', 'المجتمع'],
    ['media-center', 'Media Center', 'المركز الإعلامي'],
    ['search', 'Search', 'البحث في الموقع'],
    ['about', 'About', 'من نحن'],
  ])('maps the segment %s to its title in both languages', (segment, en, ar) => {
    expect(crumbs(`/${segment}/x`, 'X')).toEqual(['Home -> /', `${en} -> /${segment}`, 'X']);
    expect(crumbs(`/ar/${segment}/x`, 'س', 'ar')).toEqual(['الرئيسية -> /ar', `${ar} -> /ar/${segment}`, 'س']);
  });

  it('gives an unknown first segment no crumb of its own', () => {
    expect(crumbs('/sidra-medicine', 'Sidra Medicine')).toEqual(['Home -> /', 'Sidra Medicine']);
    expect(crumbs('/ar/job-seekers', 'الباحثون عن عمل', 'ar')).toEqual(['الرئيسية -> /ar', 'الباحثون عن عمل']);
  });

  it('does not repeat a section page’s own segment', () => {
    expect(crumbs('/events', 'Events')).toEqual(['Home -> /', 'Events']);
    expect(crumbs('/ar/events', 'الفعاليات', 'ar')).toEqual(['الرئيسية -> /ar', 'الفعاليات']);
  });

  it('adds the IDKT link under /idkt', () => {
    expect(crumbs('/idkt', 'Industry Development and Knowledge Transfer')).toEqual(['Home -> /', 'Industry Development and Knowledge Transfer']);
    expect(crumbs('/idkt/for-industry', 'For industry')).toEqual(['Home -> /', 'IDKT -> /idkt', 'For industry']);
    expect(crumbs('/ar/idkt/for-industry', 'لقطاع الصناعة', 'ar')).toEqual(['الرئيسية -> /ar', 'تنمية الصناعة ونقل المعرفة -> /ar/idkt', 'لقطاع الصناعة']);
  });

  it('starts a deep IDKT path at /idkt/about', () => {
    expect(crumbs('/idkt/technologies/solar-desalination', 'Solar desalination')).toEqual(['IDKT home -> /idkt/about', 'IDKT -> /idkt', 'Solar desalination']);
    expect(crumbs('/ar/idkt/technologies/solar-desalination', 'تحلية', 'ar')).toEqual(['الصفحة الرئيسية لتنمية الصناعة ونقل المعرفة -> /ar/idkt/about', 'تنمية الصناعة ونقل المعرفة -> /ar/idkt', 'تحلية']);
  });

  it('adds the ‘our experts’ link on expert pages', () => {
    expect(crumbs('/media-center/experts/noor', 'Dr. Noor')).toEqual(['Home -> /', 'Media Center -> /media-center', 'Our experts -> /media-center/experts', 'Dr. Noor']);
    expect(crumbs('/ar/media-center/experts/noor', 'د. نور', 'ar')).toEqual(['الرئيسية -> /ar', 'المركز الإعلامي -> /ar/media-center', 'خبراؤنا -> /ar/media-center/experts', 'د. نور']);
    expect(crumbs('/media-center/experts', 'Our experts')).toEqual(['Home -> /', 'Media Center -> /media-center', 'Our experts']);
  });

  it('is a labelled navigation landmark with an ordered list and the current page marked', () => {
    for (const [lang, label, title] of [
      ['en', 'Breadcrumb', 'A story'],
      ['ar', 'مسار التنقل', 'قصة'],
    ] as const) {
      const { unmount } = render(
        <ShellLangContext.Provider value={lang}>
          <Breadcrumb lang={lang} path={lang === 'en' ? '/stories/a' : '/ar/stories/a'} title={title} />
        </ShellLangContext.Provider>,
      );
      const nav = screen.getByRole('navigation', { name: label });
      expect(nav.firstElementChild?.tagName).toBe('OL');
      expect(screen.getByText(title)).toHaveAttribute('aria-current', 'page');
      expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
      unmount();
    }
  });

  it('fades in only when asked (after a client-side navigation), with a class of its own', () => {
    const nav = (fade?: boolean) => {
      const { container, unmount } = render(
        <ShellLangContext.Provider value="en">
          <Breadcrumb lang="en" path="/stories/a" title="A story" fade={fade} />
        </ShellLangContext.Provider>,
      );
      const classes = container.querySelector('nav')?.className.split(' ') ?? [];
      unmount();
      return classes;
    };
    expect(nav()).toHaveLength(1);
    expect(nav(false)).toHaveLength(1);
    expect(nav(true)).toHaveLength(2);
    expect(nav(true)[0]).toBe(nav()[0]);
  });
});
