import { LIFECYCLE_TIMEOUTS, parcelConfigSchema } from '@qf/shared/contracts';
import * as parcel from './parcel';

it('exposes its whole section parcel: the lifecycles, view preloading, pages made hidden and the site’s lifecycle timeouts', () => {
  const parsed = parcelConfigSchema.parse(parcel);
  expect(typeof parsed.preload).toBe('function');
  expect(parsed.hiddenMount).toBe(true);
  expect(parsed.timeouts).toEqual(LIFECYCLE_TIMEOUTS);
});
