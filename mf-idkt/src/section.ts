import type { SectionDefinition } from '@qf/shared/react';
import { translations } from './translations';
import { IdktFooter } from './views/IdktFooter';
import { Landing } from './views/Landing';
import { Subpage } from './views/Subpage';
import { IdktItem } from './views/IdktItem';
import { InfoBank } from './views/InfoBank';
import { Technologies } from './views/Technologies';

export const section: SectionDefinition = {
  name: 'mf-idkt',
  translations,
  views: { landing: Landing, subpage: Subpage, IdktFooter, technologies: Technologies, technology: IdktItem, infoBank: InfoBank, document: IdktItem },
};
