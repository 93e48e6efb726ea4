/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import type { Lang } from '@qf/shared/i18n';
import { section } from '../section';
import type { LandingData } from './landing-data';

const en: LandingData = {
  title: 'Industry Development and Knowledge Transfer',
  intro: 'We turn research into products. We connect partners.',
  sections: [
    { heading: 'For industry', body: 'Partner with researchers.', link: '/idkt/for-industry' },
    { heading: 'For researchers', body: 'Protect your inventions.', link: '/idkt/for-researchers' },
    { heading: 'For entrepreneurs', body: 'Launch a startup.', link: '/idkt/for-entrepreneurs' },
  ],
  stats: [
    { value: '120+', label: 'Patent applications filed' },
    { value: '40+', label: 'Technologies licensed to industry' },
  ],
};

const ar: LandingData = {
  title: 'تنمية الصناعة ونقل المعرفة',
  intro: 'نحوّل الأبحاث إلى منتجات. ونربط الشركاء.',
  sections: [
    { heading: 'لقطاع الصناعة', body: 'تعاونوا مع الباحثين.', link: '/idkt/for-industry' },
    { heading: 'للباحثين', body: 'احموا اختراعاتكم.', link: '/idkt/for-researchers' },
    { heading: 'لرواد الأعمال', body: 'أطلقوا شركتكم الناشئة.', link: '/idkt/for-entrepreneurs' },
  ],
  stats: [{ value: '75+', label: 'شركة ناشئة تلقّت الدعم' }],
};

const renderLanding = (data: LandingData, lang: Lang) =>
  render(<SectionRoot section={section} view="landing" data={data} lang={lang} bus={createBus()} host={{}} />);

describe('Landing', () => {
  it('renders the hero with one focusable h1 and the intro', () => {
    renderLanding(en, 'en');
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent('Industry Development and Knowledge Transfer');
    expect(h1).toHaveAttribute('tabindex', '-1');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('We turn research into products. We connect partners.')).toBeInTheDocument();
  });

  it('renders the stats as a description list', () => {
    const { container } = renderLanding(en, 'en');
    const stats = screen.getByRole('region', { name: 'IDKT in numbers' });
    const dl = stats.querySelector('dl');
    expect(dl).not.toBeNull();
    expect(within(stats).getByText('120+').tagName).toBe('DD');
    expect(within(stats).getByText('Patent applications filed').tagName).toBe('DT');
    expect(container.querySelectorAll('dd')).toHaveLength(2);
  });

  it('renders three audience cards with headings and Learn more links naming the audience', () => {
    renderLanding(en, 'en');
    const audiences = screen.getByRole('region', { name: 'Who we work with' });
    expect(within(audiences).getAllByRole('listitem')).toHaveLength(3);
    expect(within(audiences).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['For industry', 'For researchers', 'For entrepreneurs']);
    expect(within(audiences).getByText('Partner with researchers.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Learn more: For industry' });
    expect(link).toHaveAttribute('href', '/idkt/for-industry');
    expect(link).toHaveTextContent('Learn more');
    expect(screen.getByRole('link', { name: 'Learn more: For researchers' })).toHaveAttribute('href', '/idkt/for-researchers');
    expect(screen.getByRole('link', { name: 'Learn more: For entrepreneurs' })).toHaveAttribute('href', '/idkt/for-entrepreneurs');
  });

  it('links to the technology database', () => {
    renderLanding(en, 'en');
    const callout = screen.getByRole('region', { name: 'Technology database' });
    expect(within(callout).getByRole('heading', { level: 2, name: 'Technology database' })).toBeInTheDocument();
    expect(within(callout).getByRole('link', { name: 'Explore the technology database' })).toHaveAttribute('href', '/idkt/technologies');
  });

  it('places the newsletter widget in a labelled aside', () => {
    const { container } = renderLanding(en, 'en');
    const aside = screen.getByRole('complementary', { name: 'IDKT newsletter' });
    const slot = aside.querySelector('[data-qf-widget="mf-forms/NewsletterSignup"]');
    expect(slot).not.toBeNull();
    expect(slot).toHaveAttribute('data-qf-key', 'mf-forms/NewsletterSignup#idkt');
    expect(slot).toBeEmptyDOMElement();
    expect(container.querySelectorAll('[data-qf-widget]')).toHaveLength(1);
  });

  it('renders in Arabic with /ar links and translated labels', () => {
    renderLanding(ar, 'ar');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('تنمية الصناعة ونقل المعرفة');
    expect(screen.getByRole('region', { name: 'تنمية الصناعة ونقل المعرفة بالأرقام' })).toHaveTextContent('75+');
    expect(screen.getByRole('region', { name: 'مع من نعمل' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اعرف المزيد: لقطاع الصناعة' })).toHaveAttribute('href', '/ar/idkt/for-industry');
    expect(screen.getByRole('link', { name: 'اعرف المزيد: لرواد الأعمال' })).toHaveAttribute('href', '/ar/idkt/for-entrepreneurs');
    expect(screen.getByRole('heading', { level: 2, name: 'قاعدة بيانات التقنيات' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'استكشف قاعدة بيانات التقنيات' })).toHaveAttribute('href', '/ar/idkt/technologies');
    expect(screen.getByRole('complementary', { name: 'النشرة الإخبارية لتنمية الصناعة ونقل المعرفة' })).toBeInTheDocument();
    expect(screen.queryByText('Learn more')).toBeNull();
  });

  it('renders on the server with the same content', () => {
    const html = renderToString(<SectionRoot section={section} view="landing" data={ar} lang="ar" bus={createBus()} host={{}} />);
    expect(html).toContain('تنمية الصناعة ونقل المعرفة');
    expect(html).toContain('href="/ar/idkt/for-researchers"');
    expect(html).toContain('data-qf-widget="mf-forms/NewsletterSignup"');
  });
});
