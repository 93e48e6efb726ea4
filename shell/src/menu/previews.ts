import type { Lang } from '@qf/shared/i18n';

/** The fields of a SPEC §3 preview record the menus show. */
export interface Preview {
  title: string;
  type?: string[];
  ct?: string;
  entityDescription?: string | null;
  subtitle?: string | null;
  heroImage?: string | null;
  phone?: string | null;
  fax?: string | null;
  email?: string | null;
  location?: { placeAddress: string | null; placeName: string | null } | null;
  openingHours?: string | null;
}

export type Previews = Record<string, Preview>;

/** Preview records are keyed by content id, with `___ar-QA` appended for Arabic. */
export const previewKey = (id: string, lang: Lang): string => (lang === 'ar' ? `${id}___ar-QA` : id);

/**
 * `/menupreviews.json`, requested once, on first need (when a menu first shows a preview), and shared
 * by the desktop and the mobile menu. A failed request is forgotten so a later one can succeed.
 */
export function createPreviewLoader(fetchImpl: () => Promise<Response> = () => fetch('/menupreviews.json', { headers: { accept: 'application/json' } })) {
  let pending: Promise<Previews> | null = null;
  return function loadPreviews(): Promise<Previews> {
    pending ??= fetchImpl()
      .then(async (res) => {
        if (!res.ok) throw new Error(`/menupreviews.json answered ${res.status}`);
        return (await res.json()) as Previews;
      })
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
    return pending;
  };
}

/** SPEC §9: preview hero images at 672, 800 and 626 px wide, in WebP. */
export const PREVIEW_WIDTHS = [672, 800, 626] as const;

/**
 * The responsive set of a preview's hero image: the store's `-{width}.webp` files, or the CMS's
 * Images API (`w={width}&fm=webp`). An image of another shape is used as it is.
 */
export function previewImage(src: string): { src: string; srcSet?: string } {
  const local = /^(.*)-\d+\.webp$/.exec(src);
  if (local) return { src: `${local[1]}-${PREVIEW_WIDTHS[0]}.webp`, srcSet: PREVIEW_WIDTHS.map((w) => `${local[1]}-${w}.webp ${w}w`).join(', ') };
  if (/^https:\/\//.test(src)) {
    const at = (w: number) => {
      const url = new URL(src);
      url.searchParams.set('w', String(w));
      url.searchParams.set('fm', 'webp');
      return url.href;
    };
    return { src: at(PREVIEW_WIDTHS[0]), srcSet: PREVIEW_WIDTHS.map((w) => `${at(w)} ${w}w`).join(', ') };
  }
  return { src };
}
