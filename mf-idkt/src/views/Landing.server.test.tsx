import { renderToString } from 'react-dom/server';
import { createBus } from '@qf/shared/bus';
import { SectionRoot } from '@qf/shared/react';
import { section } from '../section';
import type { LandingData } from './landing-data';

const data: LandingData = {
  title: 'Industry Development and Knowledge Transfer',
  intro: 'We turn research into products.',
  sections: [{ heading: 'For industry', body: 'Partner with researchers.', link: '/idkt/for-industry' }],
  stats: [{ value: '120+', label: 'Patent applications filed' }],
};

describe('Landing (server rendering)', () => {
  it('asks the host to render the newsletter widget, for the IDKT quarterly list, into its slot', () => {
    const renderWidget = jest.fn(() => '<form>newsletter</form>');
    const html = renderToString(<SectionRoot section={section} view="landing" data={data} lang="en" bus={createBus()} host={{ renderWidget }} />);
    expect(renderWidget).toHaveBeenCalledWith('mf-forms/NewsletterSignup', { widgetKey: 'mf-forms/NewsletterSignup#idkt', list: 'idkt-quarterly' });
    expect(html).toContain('<form>newsletter</form>');
    expect(html).toContain('aria-label="Learn more: For industry"');
  });

  it('leaves an empty slot when the host cannot render the widget', () => {
    const html = renderToString(<SectionRoot section={section} view="landing" data={data} lang="ar" bus={createBus()} host={{}} />);
    expect(html).toMatch(/<div data-qf-widget="mf-forms\/NewsletterSignup" data-qf-key="mf-forms\/NewsletterSignup#idkt"><\/div>/);
    expect(html).toContain('href="/ar/idkt/technologies"');
    expect(html).toContain('اعرف المزيد');
  });
});
