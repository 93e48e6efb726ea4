/** @jest-environment jsdom */
import { installSocialDataLayer } from './data-layer';

describe('the data layer of social-link clicks (SPEC §7)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    delete (window as { dataLayer?: unknown[] }).dataLayer;
  });

  it('pushes exactly the SPEC fields for a marked social link, with the reading mode from the body', () => {
    document.body.dataset.theme = 'light';
    document.body.innerHTML = `<footer data-qf-module="footer"><a href="https://www.instagram.com/qatarfoundation" data-qf-social="instagram" aria-label="Qatar Foundation on Instagram"><svg></svg></a></footer><a id="plain" href="/events">Events</a>`;
    const uninstall = installSocialDataLayer(document, window, () => ({ lang: 'ar', pageCategory: 'story', pillar: 'education' }));
    document.querySelector<HTMLAnchorElement>('#plain')!.addEventListener('click', (e) => e.preventDefault());
    document.querySelector<HTMLAnchorElement>('#plain')!.click();
    const social = document.querySelector<HTMLAnchorElement>('[data-qf-social]')!;
    social.addEventListener('click', (e) => e.preventDefault());
    social.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect((window as { dataLayer?: unknown[] }).dataLayer).toEqual([
      {
        event: 'social_link_click',
        clickName: 'instagram',
        clickText: 'Qatar Foundation on Instagram',
        clickLink: 'https://www.instagram.com/qatarfoundation',
        language: 'ar',
        readingMode: 'light',
        pageCategory: 'story',
        pillar: 'education',
        moduleName: 'footer',
        type: 'social',
      },
    ]);
    uninstall();
    social.click();
    expect((window as { dataLayer?: unknown[] }).dataLayer).toHaveLength(1);
  });

  it('counts a social link clicked before the code came, from the clicks the page kept, once', () => {
    document.body.innerHTML = `<footer data-qf-module="footer"><a href="https://x.com/qatarfoundation" data-qf-social="x" aria-label="Qatar Foundation on X">X</a></footer>`;
    const social = document.querySelector<HTMLAnchorElement>('[data-qf-social]')!;
    const kept: Event[] = [];
    const keep = (e: Event) => kept.push(e);
    document.addEventListener('click', keep, true);
    social.addEventListener('click', (e) => e.preventDefault());
    social.click();
    document.removeEventListener('click', keep, true);
    const uninstall = installSocialDataLayer(document, window, () => ({ lang: 'en', pageCategory: 'story', pillar: 'general' }), [new Event('pointerover'), ...kept]);
    expect((window as { dataLayer?: { clickName: string }[] }).dataLayer?.map((d) => d.clickName)).toEqual(['x']);
    uninstall();
  });

  it('keeps what is already in the layer and names links outside a module by the page', () => {
    (window as { dataLayer?: unknown[] }).dataLayer = [{ event: 'gtm.js' }];
    document.body.dataset.theme = 'dark';
    document.body.innerHTML = `<a href="https://x.com/qatarfoundation" data-qf-social="twitter"> Follow   us </a>`;
    const uninstall = installSocialDataLayer(document, window, () => ({ lang: 'en', pageCategory: 'landing', pillar: 'general' }));
    const link = document.querySelector<HTMLAnchorElement>('a')!;
    link.addEventListener('click', (e) => e.preventDefault());
    link.click();
    uninstall();
    expect((window as { dataLayer?: unknown[] }).dataLayer).toEqual([
      { event: 'gtm.js' },
      expect.objectContaining({ clickName: 'twitter', clickText: 'Follow us', moduleName: 'page', readingMode: 'dark', language: 'en', pillar: 'general' }),
    ]);
  });
});
