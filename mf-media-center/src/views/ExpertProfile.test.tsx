/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { expertProfileDataSchema, type ExpertProfileData } from './expert-profile-data';

const en: ExpertProfileData = expertProfileDataSchema.parse({
  name: 'Dr. Tariq Haddad',
  slug: 'tariq-haddad',
  role: 'Principal Investigator, Paediatric Genomics',
  affiliation: 'Research Branch, Sidra Medicine',
  languages: ['English', 'Arabic', 'French'],
  expertise: ['Rare diseases in children', 'Clinical genomics'],
  bio: ['Dr. Tariq Haddad is a Principal Investigator.', 'His research has helped build reference data.'],
  publications: ['Haddad, T., et al. (2026). Whole-genome sequencing in children.', 'Haddad, T. (2023). Genetic counselling.'],
  projects: ['Genomic diagnosis programme for children with undiagnosed conditions'],
  email: 'media-haddad@example.org',
});

const ar: ExpertProfileData = expertProfileDataSchema.parse({
  name: 'د. طارق حداد',
  slug: 'tariq-haddad',
  role: 'باحث رئيسي في علم الجينوم لدى الأطفال',
  affiliation: 'قطاع البحوث، سدرة للطب',
  languages: ['الإنجليزية', 'العربية', 'الفرنسية'],
  expertise: ['الأمراض النادرة لدى الأطفال'],
  bio: ['الدكتور طارق حداد باحث رئيسي في قطاع البحوث بسدرة للطب.'],
  publications: ['حداد، ط.، وآخرون (2026). التسلسل الكامل للجينوم.'],
  projects: ['مرجع سكاني عربي لتفسير المتغيرات الجينية في الممارسة السريرية'],
  email: 'media-haddad@example.org',
});

const element = (data: ExpertProfileData, lang: 'en' | 'ar') => (
  <SectionRoot section={section} view="expert" data={data} lang={lang} bus={createBus()} host={{}} />
);

const sectionNamed = (name: string) => screen.getByRole('region', { name });

describe('ExpertProfile', () => {
  it('renders the name, role, affiliation and every section in English', () => {
    render(element(en, 'en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Dr. Tariq Haddad' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByText('Principal Investigator, Paediatric Genomics')).toBeInTheDocument();
    expect(screen.getByText('Research Branch, Sidra Medicine')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Expertise', 'Languages', 'Biography', 'Publications', 'Projects']);
    expect(within(sectionNamed('Expertise')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Rare diseases in children', 'Clinical genomics']);
    expect(within(sectionNamed('Languages')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['English', 'Arabic', 'French']);
    expect(within(sectionNamed('Biography')).getByText('His research has helped build reference data.')).toBeInTheDocument();
    expect(within(sectionNamed('Publications')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sectionNamed('Projects')).getByText('Genomic diagnosis programme for children with undiagnosed conditions')).toBeInTheDocument();
  });

  it('offers a mail link to book an interview, with a subject naming the expert', () => {
    render(element(en, 'en'));
    const link = screen.getByRole('link', { name: 'Book an interview' });
    const href = link.getAttribute('href') ?? '';
    expect(href).toBe(`mailto:media-haddad@example.org?subject=${encodeURIComponent('Interview request: Dr. Tariq Haddad')}`);
    expect(href).not.toContain(' ');
    expect(decodeURIComponent(href.split('subject=')[1]!)).toBe('Interview request: Dr. Tariq Haddad');
  });

  it('links back to all experts', () => {
    render(element(en, 'en'));
    expect(screen.getByRole('link', { name: 'All experts' })).toHaveAttribute('href', '/media-center/experts');
  });

  it('renders in Arabic with a translated subject and /ar links', () => {
    render(element(ar, 'ar'));
    expect(screen.getByRole('heading', { level: 1, name: 'د. طارق حداد' })).toBeInTheDocument();
    expect(screen.getByText('قطاع البحوث، سدرة للطب')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['مجالات الخبرة', 'اللغات', 'السيرة الذاتية', 'المنشورات', 'المشاريع']);
    expect(within(sectionNamed('اللغات')).getByText('الفرنسية')).toBeInTheDocument();
    const mail = screen.getByRole('link', { name: 'احجز مقابلة' });
    const href = mail.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:media-haddad@example.org?subject=')).toBe(true);
    expect(decodeURIComponent(href.split('subject=')[1]!)).toBe('طلب مقابلة إعلامية: د. طارق حداد');
    expect(screen.getByRole('link', { name: 'جميع الخبراء' })).toHaveAttribute('href', '/ar/media-center/experts');
  });

  it('leaves out sections without content', () => {
    render(element({ ...en, publications: [], projects: [] }, 'en'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Expertise', 'Languages', 'Biography']);
  });

  it('renders the same markup on the server', () => {
    const html = renderToString(element(ar, 'ar'));
    expect(html).toContain('د. طارق حداد');
    expect(html).toContain('احجز مقابلة');
  });
});
