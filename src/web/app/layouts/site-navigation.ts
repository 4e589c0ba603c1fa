import { paths } from '../../lib/paths';

/** Who the header is drawn for: `client` covers staff too (staff also get Dashboard). */
export type NavAudience = 'visitor' | 'client';

export type NavLink = { label: string; to: string; staffOnly?: boolean };

/** The links of the navigation bar and its menu, per audience. */
export const siteNavigation: Record<NavAudience, { top: NavLink[]; menu: NavLink[] }> = {
  visitor: {
    top: [
      { label: 'Driver', to: paths.driverInfo.getHref() },
      { label: 'About us', to: paths.about.getHref() },
    ],
    menu: [
      { label: 'Riders', to: paths.rider.getHref() },
      { label: 'About', to: paths.about.getHref() },
      { label: 'Login', to: paths.login.getHref() },
      { label: 'Signup', to: paths.signup.getHref() },
    ],
  },
  client: {
    top: [{ label: 'Products', to: paths.products.getHref() }],
    menu: [
      { label: 'Wallet', to: paths.wallet.getHref() },
      { label: 'Order history', to: paths.orderHistory.getHref() },
      { label: 'Pickup', to: paths.pickup.getHref() },
      { label: 'Profile', to: paths.profile.getHref() },
      { label: 'Setting', to: paths.settings.getHref() },
      { label: 'Dashboard', to: paths.dashboard.root.getHref(), staffOnly: true },
    ],
  },
};
