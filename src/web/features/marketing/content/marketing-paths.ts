import { paths, servicePagePaths } from '../../../lib/paths';

/** Every page of the public site: prerendered at build time and styled by the critical sheet alone. */
export const marketingPaths: readonly string[] = [
  paths.home.path,
  paths.about.path,
  paths.rider.path,
  paths.riderAuth.path,
  paths.driverSignup.path,
  paths.driverInfo.path,
  ...servicePagePaths,
];

const set = new Set(marketingPaths);

export const isMarketingPath = (pathname: string) => set.has(pathname.replace(/(.)\/+$/, '$1'));
