import type { LeadService } from '../../../../domain/schemas/leads';

export type ServiceSlug = LeadService;

/** What a service, partner or support page says, and how its register-interest form is worded. */
export type ServicePageContent = {
  service: LeadService;
  title: string;
  summary: string;
  points: readonly string[];
  image: string;
  formTitle: string;
  formIntro: string;
  submitLabel: string;
  /** Shown after the form was received. */
  thanks: string;
  related?: { label: string; to: string };
};

export const servicePages: Record<LeadService, ServicePageContent> = {
  ride: {
    service: 'ride',
    title: 'Rides with Arrive',
    summary:
      'Book a car or a motorbike from your phone. You see the fare before you confirm, the driver’s name and plate number, and you can share your trip with family.',
    points: [
      'Fares agreed before the trip, no haggling',
      'Verified drivers with a registered vehicle',
      'Pay with cash, card or your Arrive wallet',
    ],
    image: '/images/service-ride.svg',
    formTitle: 'Be first to ride in your city',
    formIntro: 'We are opening city by city. Leave your number and we will text you when rides start near you.',
    submitLabel: 'Notify me',
    thanks: 'We will text you as soon as rides start in your city.',
    related: { label: 'Ride with Arrive', to: '/rider' },
  },
  'home-delivery': {
    service: 'home-delivery',
    title: 'Home delivery',
    summary:
      'Send parcels across town or have shopping, documents and cooking gas brought to your door the same day, with live updates from pickup to drop-off.',
    points: [
      'Same-day delivery within the city',
      'Cooking gas refills delivered safely',
      'A code confirms the hand-over at your door',
    ],
    image: '/images/service-home-delivery.svg',
    formTitle: 'Get deliveries to your home',
    formIntro: 'Tell us where you live and we will let you know when home delivery reaches your area.',
    submitLabel: 'Register interest',
    thanks: 'We will let you know when home delivery reaches your area.',
  },
  'food-delivery': {
    service: 'food-delivery',
    title: 'Own a restaurant? Deliver with Arrive',
    summary:
      'List your menu on Arrive and our riders take your meals to customers nearby while you keep cooking. You set your prices and opening hours.',
    points: ['No delivery fleet to manage', 'Weekly payouts to your bank account', 'Orders on a simple tablet screen'],
    image: '/images/service-food-delivery.svg',
    formTitle: 'List your restaurant',
    formIntro: 'Leave your details and a partner manager will call you to set up your menu.',
    submitLabel: 'Request a call',
    thanks: 'A partner manager will call you within two working days.',
    related: { label: 'Become a Food Partner', to: '/restaurant-partner' },
  },
  'grocery-delivery': {
    service: 'grocery-delivery',
    title: 'Grocery delivery',
    summary:
      'Skip the market traffic: order fresh produce and household items from shops you know and get them delivered the same day.',
    points: [
      'Fresh food from local markets',
      'Substitutions agreed with you first',
      'Delivery slots that suit your day',
    ],
    image: '/images/service-grocery-delivery.svg',
    formTitle: 'Get groceries delivered',
    formIntro: 'Leave your number and we will tell you when grocery delivery opens in your city.',
    submitLabel: 'Register interest',
    thanks: 'We will tell you when grocery delivery opens in your city.',
  },
  business: {
    service: 'business',
    title: 'Arrive for business',
    summary:
      'One account for your company’s deliveries, staff rides and cooking-gas supply, with monthly invoices and a dashboard for your team.',
    points: ['Monthly invoicing', 'Staff rides with spending limits', 'Scheduled gas supply for kitchens'],
    image: '/images/service-business.svg',
    formTitle: 'Talk to our business team',
    formIntro: 'Tell us about your business and we will call you back with an offer.',
    submitLabel: 'Request a call',
    thanks: 'Our business team will call you within two working days.',
    related: { label: 'Explore Business Solutions', to: '/business-solutions' },
  },
  restaurant: {
    service: 'restaurant',
    title: 'Own a Restaurant',
    summary:
      'Bring your kitchen to more tables. Arrive handles ordering, payment and delivery so you can focus on the food.',
    points: ['Customers across the city', 'Payment handled for you', 'Marketing on the Arrive home page'],
    image: '/images/promo-restaurants.svg',
    formTitle: 'Partner with Arrive',
    formIntro: 'Leave your details and a partner manager will call you.',
    submitLabel: 'Request a call',
    thanks: 'A partner manager will call you within two working days.',
  },
  driver: {
    service: 'driver',
    title: 'Become a Driver',
    summary:
      'Car, motorbike, scooter or bicycle: earn with rides and deliveries on the hours you choose, paid every week.',
    points: ['Daily earnings from ₦25,000 to ₦60,000', 'Weekly payment by Tuesday', 'Choose your own hours'],
    image: '/images/service-driver.svg',
    formTitle: 'Tell us you want to drive',
    formIntro: 'Leave your number and our driver team will call you about the next onboarding session.',
    submitLabel: 'Call me back',
    thanks: 'Our driver team will call you about the next onboarding session.',
    related: { label: 'How driving with Arrive works', to: '/driver/info' },
  },
  'restaurant-partner': {
    service: 'restaurant-partner',
    title: 'Become a Food Partner',
    summary:
      'Restaurants, fast food, cafés, bakeries and food trucks: reach more customers with Arrive delivery and get paid weekly.',
    points: ['Set your own menu and prices', 'Riders arrive when the food is ready', 'Weekly payouts'],
    image: '/images/promo-restaurants.svg',
    formTitle: 'Join as a food partner',
    formIntro: 'Leave your details and a partner manager will call you to get you listed.',
    submitLabel: 'Join as a partner',
    thanks: 'A partner manager will call you within two working days.',
  },
  'grocery-partner': {
    service: 'grocery-partner',
    title: 'Become a Grocery Partner',
    summary:
      'Supermarkets, fresh produce markets, specialty stores and corner shops: sell to customers who order from their phones.',
    points: ['Your catalogue online in days', 'Riders pick up from your door', 'Weekly payouts'],
    image: '/images/promo-supermarkets.svg',
    formTitle: 'Join as a grocery partner',
    formIntro: 'Leave your details and a partner manager will call you to get your shop online.',
    submitLabel: 'Join as a partner',
    thanks: 'A partner manager will call you within two working days.',
  },
  'business-solutions': {
    service: 'business-solutions',
    title: 'Business Solutions',
    summary:
      'Corporate events, office catering, retail deliveries and hotel transport, managed from one account with monthly billing.',
    points: ['A dedicated account manager', 'Monthly invoices', 'Reports for your finance team'],
    image: '/images/promo-corporate-events.svg',
    formTitle: 'Get a business offer',
    formIntro: 'Tell us about your business and we will prepare an offer.',
    submitLabel: 'Get an offer',
    thanks: 'Our business team will call you within two working days.',
  },
  'service-1': {
    service: 'service-1',
    title: 'Help centre',
    summary:
      'Questions about a ride, a delivery, a gas order or a payment? Our support team answers every day from 7 am to 10 pm.',
    points: [
      'Order and payment questions',
      'Lost items and trip issues',
      'Pickup at the gas center: bring your order QR code',
    ],
    image: '/images/service-help.svg',
    formTitle: 'Ask us to call you',
    formIntro: 'Leave your number and a support agent will call you back.',
    submitLabel: 'Call me back',
    thanks: 'A support agent will call you back shortly.',
  },
  'service-2': {
    service: 'service-2',
    title: 'Safety',
    summary:
      'Every driver is verified, every trip is recorded and every gas cylinder is checked before it leaves the gas center.',
    points: ['Verified drivers and vehicles', 'Share your trip with family', 'Cylinders inspected and sealed'],
    image: '/images/service-safety.svg',
    formTitle: 'Talk to our safety team',
    formIntro: 'Leave your number and our safety team will call you back.',
    submitLabel: 'Call me back',
    thanks: 'Our safety team will call you back shortly.',
  },
};
