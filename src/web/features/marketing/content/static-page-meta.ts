export type PageMeta = { title: string; description: string };

/** The document head of the public pages other than the service pages. */
export const staticPageMeta = {
  '/': {
    title: 'Arrive — Ride smarter, arrive faster',
    description:
      'Rides, deliveries and cooking gas in Nigeria: order gas, pay by card or wallet, and pick up at the gas center.',
  },
  '/about': {
    title: 'About Arrive',
    description: 'Arrive moves people, food, groceries and cooking gas across Nigerian cities.',
  },
  '/rider': {
    title: 'Ride with Arrive',
    description: 'Affordable, safe rides at the tap of a button. Sign up to ride with Arrive.',
  },
  '/rider/auth': { title: 'Sign up to ride — Arrive', description: 'Create your Arrive rider account.' },
  '/driver/signup': { title: 'Driver sign-up — Arrive', description: 'Apply to drive with Arrive.' },
  '/driver/info': {
    title: 'Drive with Arrive',
    description: 'Earn ₦25,000 – ₦60,000 a day on your own hours, paid weekly by Tuesday. See how it works.',
  },
} satisfies Record<string, PageMeta>;
