import { createSectionParcel } from '@qf/shared/parcel';
import { section } from './section';

const parcel = createSectionParcel(section);
export const { bootstrap, mount, unmount, update, preload, timeouts } = parcel;
