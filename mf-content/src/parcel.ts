import { createSectionParcel } from '@qf/shared/parcel';
import { section } from './section';

const parcel = createSectionParcel(section, section.loaders);
export const { bootstrap, mount, unmount, update, preload, timeouts, hiddenMount } = parcel;
