import { checked, embedState } from './document';
import type { ShellState } from '../src/state';

const base = { lang: 'en', path: '/stories/a', status: 'ok', pageData: null, remotes: [], compositionHash: 'h', widgets: [], theme: 'dark', siteUrl: 'https://www.qf.org.qa' } as unknown as ShellState & { siteUrl: string };
const globals = { tagline: 'Unlocking human potential </script><script>alert(1)</script>', copyright: '©', email: 'a@b.qa', phone: '+974', areas: [] } as unknown as ShellState['globals'];
const menu = { areas: [{ label: 'Education \u2028 line', href: '/education' }] } as unknown as ShellState['menu'];

describe('embedState', () => {
  it('embeds the same state JSON.parse would read from a plain stringify, menu and globals included', () => {
    const state = { ...base, globals, menu };
    expect(JSON.parse(embedState(state))).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it('leaves no way out of the script element in any part, the parts kept between requests included', () => {
    const json = embedState({ ...base, globals, menu, path: '/</script>' });
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toMatch(/[\u2028\u2029]/);
  });

  it('stringifies a kept menu once and gives the same bytes to every page it goes into', () => {
    const stringify = jest.spyOn(JSON, 'stringify');
    const first = embedState({ ...base, globals, menu });
    const calls = stringify.mock.calls.filter(([v]) => v === menu).length;
    const second = embedState({ ...base, globals, menu, path: '/stories/b' });
    expect(stringify.mock.calls.filter(([v]) => v === menu).length).toBe(calls);
    stringify.mockRestore();
    expect(second).toBe(first.replace('/stories/a', '/stories/b'));
  });

  it('is valid JSON when the state has no menu (the static error pages)', () => {
    const json = embedState({ ...base, globals });
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify({ ...base, globals })));
  });
});

describe("a section's file the page links or preloads (issue 37, item 5)", () => {
  const integrity = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
  it('carries its release digest, and CORS when it is on another origin, as the runtime that uses it asks for it', () => {
    expect(checked({ href: 'https://cdn.qf.org.qa/mf-content/1+a/browser/story.1.js', integrity }, 'https://www.qf.org.qa')).toBe(` integrity="${integrity}" crossorigin="anonymous"`);
    expect(checked({ href: '/cdn/mf-content/1+a/browser/story.1.js', integrity }, 'https://www.qf.org.qa')).toBe(` integrity="${integrity}"`);
    expect(checked({ href: 'https://www.qf.org.qa/cdn/story.1.js', integrity }, 'https://www.qf.org.qa')).toBe(` integrity="${integrity}"`);
    // Without digests (npm run dev's registry) still CORS for another origin: the runtime asks so for every file of another origin.
    expect(checked({ href: 'http://127.0.0.1:3001/browser/story.1.js' }, 'https://www.qf.org.qa')).toBe(' crossorigin="anonymous"');
  });
});
