import type { Lang } from '@qf/shared/i18n';
import { fieldOf } from './types';
import type { Entry } from './types';

/** The widths every image is generated at (SPEC §9: preview hero images at 672, 800 and 626 px). */
export const IMAGE_WIDTHS = [626, 672, 800] as const;

export const mediaFileName = (fileName: string, width: number): string => `${fileName}-${width}.webp`;

/** An image as templates render it: dimensions known, so the page reserves its space (CLS 0). */
export interface ImageData {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The responsive image of an asset entry: served under `/media/`, or, for an asset from the CMS (`file.url`
 * set), by the CMS's Images API resized and converted to WebP.
 */
export function imageOf(asset: Entry | undefined, lang: Lang): ImageData | undefined {
  const file = asset?.fields.file?.['en-US'] as { fileName: string; width: number; height: number; url?: string } | undefined;
  if (!asset || !file) return undefined;
  const cmsUrl = file.url;
  const url = cmsUrl
    ? (w: number) => `${cmsUrl}${cmsUrl.includes('?') ? '&' : '?'}w=${w}&fm=webp`
    : (w: number) => `/media/${mediaFileName(file.fileName, w)}`;
  return {
    src: url(800),
    srcSet: IMAGE_WIDTHS.map((w) => `${url(w)} ${w}w`).join(', '),
    width: file.width,
    height: file.height,
    alt: fieldOf<string>(asset, 'description', lang) ?? fieldOf<string>(asset, 'title', lang) ?? '',
  };
}
