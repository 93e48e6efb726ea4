import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import { i18nCache, type Lang } from '@qf/shared/i18n';
import { translations } from './translations';

const shellI18n = i18nCache([translations]);

export const shellT = (lang: Lang): TFunction => shellI18n(lang).getFixedT(null, translations.ns);

export const ShellLangContext = createContext<Lang>('en');

export function useShellT(): TFunction {
  return shellT(useContext(ShellLangContext));
}
