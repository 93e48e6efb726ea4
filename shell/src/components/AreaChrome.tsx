import { useEffect, type ReactElement } from 'react';
import type { Lang } from '@qf/shared/i18n';
import { applyArea, areaOfPath } from '../areas';
import type { Globals } from '../state';
import { AreaBar } from './AreaBar';

/** The active area (SPEC §2): its colour on the body and its sub-menu bar below the header. */
export function AreaChrome({ lang, path, globals }: { lang: Lang; path: string; globals: Globals }): ReactElement | null {
  const area = areaOfPath(path, globals.areas ?? []);
  useEffect(() => applyArea(area, document.body), [area]);
  return area ? <AreaBar lang={lang} path={path} area={area} /> : null;
}
