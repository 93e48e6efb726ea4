/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { TechnologiesData } from './technology-data';

const data: TechnologiesData = {
  technologies: [
    { title: 'Solar coating', href: '/idkt/technologies/a', summary: 'A.', field: 'energy', status: 'available', readinessLevel: 6 },
    { title: 'Desalination', href: '/idkt/technologies/b', summary: 'B.', field: 'water', status: 'available', readinessLevel: 5 },
    { title: 'Purifier', href: '/idkt/technologies/c', summary: 'C.', field: 'water', status: 'licensed', readinessLevel: 8 },
  ],
  filter: {},
  invalid: [],
};
const renderList = (d: TechnologiesData, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="technologies" data={d} lang={lang} bus={createBus()} host={{}} />);
const shown = () => within(screen.getAllByRole('list').at(-1)!).queryAllByRole('heading').map((h) => h.textContent);

// The list is a chunk of its own in the browser (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

describe('the technology list', () => {
  beforeEach(() => window.history.replaceState(null, '', '/idkt/technologies'));

  it('is a GET form with labelled field and status filters, so it works without JavaScript', () => {
    renderList(data);
    const form = screen.getByRole('form', { name: 'Filter technologies' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/idkt/technologies');
    expect(screen.getByLabelText('Field')).toHaveAttribute('name', 'field');
    expect(screen.getByLabelText('Status')).toHaveAttribute('name', 'status');
    expect(screen.getByRole('status')).toHaveTextContent('3 technologies');
  });

  it('filters in place and keeps the filter in the address', () => {
    renderList(data);
    fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'water' } });
    expect(shown()).toEqual(['Desalination', 'Purifier']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'licensed' } });
    expect(shown()).toEqual(['Purifier']);
    expect(window.location.search).toBe('?field=water&status=licensed');
    expect(screen.getByRole('status')).toHaveTextContent('1 technology');
  });

  it('starts from the filter of the page data, and speaks Arabic', () => {
    renderList({ ...data, filter: { field: 'energy' }, invalid: ['status'] }, 'ar');
    expect(screen.getByLabelText('المجال')).toHaveValue('energy');
    expect(shown()).toEqual(['Solar coating']);
    expect(screen.getByText('هذه الحالة غير موجودة في قاعدة بياناتنا، لذا تُعرض تقنيات جميع الحالات.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('تقنية واحدة');
  });
});
