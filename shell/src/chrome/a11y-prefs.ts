import * as z from '@qf/shared/zod';

/** Text size steps of the accessibility panel, in percent of the browser's own size. */
export const TEXT_SIZES = [100, 115, 130, 150] as const;
export const A11Y_KEY = 'qf_a11y';

const prefsSchema = z.object({
  textSize: z.number().check(z.int(), z.gte(0), z.lte(TEXT_SIZES.length - 1)),
  contrast: z.boolean(),
  underline: z.boolean(),
  readable: z.boolean(),
  pause: z.boolean(),
});
export type A11yPrefs = z.infer<typeof prefsSchema>;
export type A11yToggle = Exclude<keyof A11yPrefs, 'textSize'>;
export const a11yToggles: readonly A11yToggle[] = ['contrast', 'underline', 'readable', 'pause'];

export const defaultPrefs: A11yPrefs = { textSize: 0, contrast: false, underline: false, readable: false, pause: false };

/** The stored choices; anything unreadable (old format, hand-edited) falls back to the defaults. */
export function readPrefs(storage: Pick<Storage, 'getItem'> | undefined): A11yPrefs {
  try {
    const parsed = prefsSchema.safeParse(JSON.parse(storage?.getItem(A11Y_KEY) ?? 'null'));
    return parsed.success ? parsed.data : defaultPrefs;
  } catch {
    return defaultPrefs;
  }
}

export function savePrefs(storage: Pick<Storage, 'setItem'> | undefined, prefs: A11yPrefs): void {
  try {
    storage?.setItem(A11Y_KEY, JSON.stringify(prefs));
  } catch {
    // storage full or disabled: the choice still applies to this page
  }
}

/** Body attribute and classes the global stylesheet reacts to (see styles/global.css). */
export function applyPrefs(prefs: A11yPrefs, body: HTMLElement): void {
  if (prefs.textSize > 0) body.dataset.textSize = String(TEXT_SIZES[prefs.textSize]);
  else delete body.dataset.textSize;
  for (const toggle of a11yToggles) body.classList.toggle(`qf-a11y-${toggle}`, prefs[toggle]);
}

