/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import { expertsListDataSchema, type ExpertsListData } from './experts-list-data';

const en: ExpertsListData = expertsListDataSchema.parse({
  experts: [
    {
      name: 'Dr. Noor Al-Mansoori',
      slug: 'noor-al-mansoori',
      role: 'Associate Professor, Sustainable Energy',
      affiliation: 'College of Science and Engineering, Hamad Bin Khalifa University',
      expertise: ['Solar energy in desert climates', 'Climate adaptation'],
    },
    {
      name: 'Dr. Khalid Al-Kuwari',
      slug: 'khalid-al-kuwari',
      role: 'Principal Scientist, Arabic Language Technologies',
      affiliation: 'Qatar Computing Research Institute, Hamad Bin Khalifa University',
      expertise: ['Arabic natural language processing'],
    },
  ],
});

const ar: ExpertsListData = expertsListDataSchema.parse({
  experts: [
    {
      name: 'د. نور المنصوري',
      slug: 'noor-al-mansoori',
      role: 'أستاذة مشاركة في الطاقة المستدامة',
      affiliation: 'كلية العلوم والهندسة، جامعة حمد بن خليفة',
      expertise: ['الطاقة الشمسية في المناخات الصحراوية', 'التكيّف مع تغيّر المناخ'],
    },
  ],
});

const renderList = (data: ExpertsListData, lang: 'en' | 'ar') =>
  render(<SectionRoot section={section} view="experts" data={data} lang={lang} bus={createBus()} host={{}} />);

describe('ExpertsList', () => {
  it('renders the heading, the journalists intro and a card per expert in English', () => {
    renderList(en, 'en');
    const heading = screen.getByRole('heading', { level: 1, name: 'Our experts' });
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(screen.getByText(/available for media commentary/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Experts' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'Dr. Noor Al-Mansoori' });
    expect(link).toHaveAttribute('href', '/media-center/experts/noor-al-mansoori');
    expect(screen.getByRole('heading', { level: 2, name: 'Dr. Khalid Al-Kuwari' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Associate Professor, Sustainable Energy')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('College of Science and Engineering, Hamad Bin Khalifa University')).toBeInTheDocument();
    const tags = screen.getByRole('list', { name: 'Areas of expertise of Dr. Noor Al-Mansoori' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Solar energy in desert climates', 'Climate adaptation']);
  });

  it('renders in Arabic with /ar links', () => {
    renderList(ar, 'ar');
    expect(screen.getByRole('heading', { level: 1, name: 'خبراؤنا' })).toBeInTheDocument();
    expect(screen.getByText(/خبراؤنا متاحون للتعليق الإعلامي/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'د. نور المنصوري' })).toHaveAttribute('href', '/ar/media-center/experts/noor-al-mansoori');
    expect(screen.getByText('أستاذة مشاركة في الطاقة المستدامة')).toBeInTheDocument();
    const tags = screen.getByRole('list', { name: 'مجالات خبرة د. نور المنصوري' });
    expect(within(tags).getByText('التكيّف مع تغيّر المناخ')).toBeInTheDocument();
  });

  it('says so when no expert is listed', () => {
    renderList({ experts: [] }, 'en');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText(/No experts are listed/)).toBeInTheDocument();
  });
});
