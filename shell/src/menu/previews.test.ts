import { createPreviewLoader, previewImage, previewKey } from './previews';

describe('menu previews', () => {
  it('keys Arabic records with ___ar-QA (SPEC §3)', () => {
    expect(previewKey('entity-wish', 'en')).toBe('entity-wish');
    expect(previewKey('entity-wish', 'ar')).toBe('entity-wish___ar-QA');
  });

  it('requests /menupreviews.json once, lazily, shared by every caller', async () => {
    const fetcher = jest.fn(async () => new Response(JSON.stringify({ a: { title: 'A' } }), { status: 200 }));
    const load = createPreviewLoader(fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    const [one, two] = await Promise.all([load(), load()]);
    await load();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(one).toBe(two);
    expect(one.a?.title).toBe('A');
  });

  it('forgets a failed request so the next one can succeed', async () => {
    const fetcher = jest.fn().mockResolvedValueOnce(new Response('down', { status: 503 })).mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const load = createPreviewLoader(fetcher);
    await expect(load()).rejects.toThrow('/menupreviews.json answered 503');
    await expect(load()).resolves.toEqual({});
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('asks for the hero image at 672, 800 and 626 px in WebP (SPEC §9)', () => {
    expect(previewImage('/media/qnl-hero-800.webp')).toEqual({
      src: '/media/qnl-hero-672.webp',
      srcSet: '/media/qnl-hero-672.webp 672w, /media/qnl-hero-800.webp 800w, /media/qnl-hero-626.webp 626w',
    });
    const cms = previewImage('https://images.ctfassets.net/s/x/y/hero.jpg?w=800&fm=webp');
    expect(cms.src).toBe('https://images.ctfassets.net/s/x/y/hero.jpg?w=672&fm=webp');
    expect(cms.srcSet).toBe(
      'https://images.ctfassets.net/s/x/y/hero.jpg?w=672&fm=webp 672w, https://images.ctfassets.net/s/x/y/hero.jpg?w=800&fm=webp 800w, https://images.ctfassets.net/s/x/y/hero.jpg?w=626&fm=webp 626w',
    );
    expect(previewImage('/media/logo.svg')).toEqual({ src: '/media/logo.svg' });
  });
});
