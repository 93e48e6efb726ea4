import path from 'node:path';
import { createFileStore } from '@qf/shared/content';
import { resolvedPageSchema } from '@qf/shared/contracts';
import { createIdktFooter, IDKT_FOOTER } from './footer';
import { createIdktSectionPages } from './pages';

const content = createFileStore(path.resolve(__dirname, '../../content'));
const footer = createIdktFooter(content);

describe('the IDKT footer handed to the shell', () => {
  it('carries the office contacts and the audience pages’ section headings, in English', async () => {
    expect(await footer.props('en')).toEqual({
      email: 'idkt@qf.org.qa',
      phone: '+974 4454 7166',
      audiences: [
        { slug: 'for-industry', title: 'For industry', sections: ['License a technology', 'Sponsored research and collaboration', 'Licensing criteria'] },
        { slug: 'for-researchers', title: 'For researchers', sections: ['Disclose an invention', 'Share in the rewards', 'Innovation fellowship'] },
        { slug: 'for-entrepreneurs', title: 'For entrepreneurs', sections: ['Start a spin-out', 'Incubation and acceleration', 'Entrepreneurial leave'] },
      ],
    });
  });

  it('and in Arabic', async () => {
    const props = await footer.props('ar');
    expect(props.email).toBe('idkt@qf.org.qa');
    expect(props.audiences.map((a) => a.title)).toEqual(['لقطاع الصناعة', 'للباحثين', 'لرواد الأعمال']);
    expect(props.audiences[0]!.sections[2]).toBe('معايير الترخيص');
  });

  it('is asked for by every IDKT page, through the page contract', async () => {
    const pages = createIdktSectionPages(content);
    const landing = await footer.withFooter(await pages.resolve('/idkt', 'ar'), 'ar');
    const about = await footer.withFooter(await pages.resolve('/idkt/about', 'en'), 'en');
    for (const page of [landing, about]) {
      const parsed = resolvedPageSchema.parse(page);
      expect(parsed.chrome?.footer?.id).toBe(IDKT_FOOTER);
    }
    expect(await footer.withFooter(null, 'en')).toBeNull();
  });
});
