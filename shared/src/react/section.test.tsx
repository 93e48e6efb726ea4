/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { createBus } from '@qf/shared/bus';
import { SectionRoot, useBusState, useLang, useT, type SectionDefinition } from '@qf/shared/react';

function ThemeBadge() {
  const t = useT();
  const theme = useBusState('theme');
  return (
    <p>
      {t('theme', { theme: theme?.theme ?? '?' })} {useLang()}
    </p>
  );
}

const section: SectionDefinition = {
  name: 'demo',
  translations: { ns: 'demo', en: { theme: 'Theme: {{theme}}' }, ar: { theme: 'المظهر: {{theme}}' } },
  views: { badge: ThemeBadge },
};

describe('SectionRoot', () => {
  it('renders the requested view in the requested language', () => {
    render(<SectionRoot section={section} view="badge" data={null} lang="ar" bus={createBus()} host={{}} />);
    expect(screen.getByText('المظهر: ? ar')).toBeInTheDocument();
  });

  it('refuses a view the section does not have', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<SectionRoot section={section} view="nope" data={null} lang="en" bus={createBus()} host={{}} />)).toThrow('demo has no view named "nope"');
  });

  it('follows the shell’s theme through the bus, including a value published before it mounted', () => {
    const bus = createBus();
    bus.publish('theme', { theme: 'dark' });
    render(<SectionRoot section={section} view="badge" data={null} lang="en" bus={bus} host={{}} />);
    expect(screen.getByText('Theme: dark en')).toBeInTheDocument();
    act(() => bus.publish('theme', { theme: 'light' }));
    expect(screen.getByText('Theme: light en')).toBeInTheDocument();
  });
});
