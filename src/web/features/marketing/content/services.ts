/** A card of the home page's service list: title, description, image and its target. */
export type ServiceCard = {
  title: string;
  description: string;
  image: string;
  to: string;
};

export const serviceCards: readonly ServiceCard[] = [
  {
    title: 'Ride',
    description: 'A car or a bike at your door in minutes, with the fare agreed before you go.',
    image: '/images/service-ride.svg',
    to: '/ride',
  },
  {
    title: 'Driver',
    description: 'Drive with Arrive on your own hours and get paid every week.',
    image: '/images/service-driver.svg',
    to: '/driver/info',
  },
  {
    title: 'Home delivery',
    description: 'Parcels, documents and cooking gas brought to your home the same day.',
    image: '/images/service-home-delivery.svg',
    to: '/home-delivery',
  },
  {
    title: 'Own a restaurant',
    description: 'Reach hungry customers near you; our riders deliver while you cook.',
    image: '/images/service-food-delivery.svg',
    to: '/food-delivery',
  },
  {
    title: 'Grocery delivery',
    description: 'Market runs without the traffic: fresh food and household items delivered.',
    image: '/images/service-grocery-delivery.svg',
    to: '/grocery-delivery',
  },
  {
    title: 'A business',
    description: 'Deliveries, staff rides and gas supply for your company on one account.',
    image: '/images/service-business.svg',
    to: '/business',
  },
];
