/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { ProgramListData } from './program-list-data';
import { filterPrograms, parseProgramFilter, programFilterQuery } from './program-filter';

// Every mf-content view is a chunk of its own (a lazy view): loaded first, as the parcel and the server do.
beforeAll(() => section.loadAll());

const data: ProgramListData = {
  programs: [
    { title: 'BS Computer Science', href: '/program/bs-cs', degree: 'bachelor', department: 'Computing', provider: { slug: 'cmu', title: 'Carnegie Mellon', href: '/education/education-city/cmu' } },
    { title: 'PhD Computing', href: '/program/phd-cs', degree: 'phd', department: 'Computing', provider: { slug: 'hbku', title: 'HBKU', href: '/education/education-city/hbku' } },
    { title: 'MS Data Science', href: '/program/ms-ds', degree: 'master', department: 'Computing', provider: { slug: 'hbku', title: 'HBKU', href: '/education/education-city/hbku' } },
    { title: 'IB Diploma', href: '/program/ib', degree: 'pre-university', department: 'Secondary', provider: { slug: 'qad', title: 'Qatar Academy Doha', href: '/education/schools/qad' } },
  ],
  schools: [{ slug: 'qad', title: 'Qatar Academy Doha' }],
  universities: [
    { slug: 'cmu', title: 'Carnegie Mellon' },
    { slug: 'hbku', title: 'HBKU' },
  ],
  filter: {},
  invalid: [],
};

const renderList = (d: ProgramListData, lang: 'en' | 'ar' = 'en') => render(<SectionRoot section={section} view="programs" data={d} lang={lang} bus={createBus()} host={{}} />);
const shown = () => within(screen.getAllByRole('list').at(-1)!).queryAllByRole('link').map((a) => a.textContent);

describe('the programme list', () => {
  beforeEach(() => window.history.replaceState(null, '', '/program'));

  it('is a GET form on /program with labelled school and degree fields, so it works without JavaScript', () => {
    renderList(data);
    const form = screen.getByRole('form', { name: 'Filter programmes' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/program');
    expect(screen.getByLabelText('School or university')).toHaveAttribute('name', 'school');
    expect(screen.getByLabelText('Degree')).toHaveAttribute('name', 'degree');
    expect(screen.getByRole('button', { name: 'Show programmes' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('status')).toHaveTextContent('4 programmes');
  });

  it('renders the filter the server read from the query', () => {
    renderList({ ...data, filter: { school: 'hbku', degree: 'phd' } });
    expect(screen.getByLabelText('School or university')).toHaveValue('hbku');
    expect(screen.getByLabelText('Degree')).toHaveValue('phd');
    expect(shown()).toEqual(['PhD Computing']);
    expect(screen.getByRole('status')).toHaveTextContent('1 programme');
  });

  it('filters in place by school and degree and writes the filter into the address', () => {
    renderList(data);
    fireEvent.change(screen.getByLabelText('School or university'), { target: { value: 'hbku' } });
    expect(shown()).toEqual(['PhD Computing', 'MS Data Science']);
    expect(window.location.search).toBe('?school=hbku');
    fireEvent.change(screen.getByLabelText('Degree'), { target: { value: 'master' } });
    expect(shown()).toEqual(['MS Data Science']);
    expect(window.location.search).toBe('?school=hbku&degree=master');
    fireEvent.change(screen.getByLabelText('Degree'), { target: { value: 'diploma' } });
    expect(screen.getByText('No programme matches these filters.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(shown()).toHaveLength(4);
    expect(window.location.pathname + window.location.search).toBe('/program');
  });

  it('explains an unknown filter value in the page language', () => {
    renderList({ ...data, invalid: ['degree'] }, 'ar');
    expect(screen.getByText('هذه الدرجة العلمية غير موجودة في قائمتنا، لذا تُعرض برامج جميع الدرجات.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'تصفية البرامج' })).toHaveAttribute('action', '/ar/program');
    expect(screen.getByRole('status')).toHaveTextContent('٤ برامج');
  });
});

describe('programme filter helpers', () => {
  it('accepts known values only', () => {
    expect(parseProgramFilter(new URLSearchParams('school=hbku&degree=phd'), ['hbku'])).toEqual({ filter: { school: 'hbku', degree: 'phd' }, invalid: [] });
    expect(parseProgramFilter(new URLSearchParams('school=x&degree=y'), ['hbku'])).toEqual({ filter: {}, invalid: ['school', 'degree'] });
    expect(parseProgramFilter(new URLSearchParams('school=&degree='), ['hbku'])).toEqual({ filter: {}, invalid: [] });
  });

  it('round-trips the filter through the query string', () => {
    expect(programFilterQuery({})).toBe('');
    expect(programFilterQuery({ school: 'hbku', degree: 'master' })).toBe('?school=hbku&degree=master');
    expect(filterPrograms(data.programs, { degree: 'pre-university' }).map((p) => p.title)).toEqual(['IB Diploma']);
  });
});
