/** A promotional block of the home page: four named slides and one call to action. */
export type PromoSlide = { title: string; text: string; image: string };
export type PromoBlock = {
  id: string;
  heading: string;
  text: string;
  cta: { label: string; to: string };
  slides: readonly [PromoSlide, PromoSlide, PromoSlide, PromoSlide];
};

const slide = (title: string, text: string, image: string): PromoSlide => ({
  title,
  text,
  image: `/images/${image}.svg`,
});

export const promoBlocks: readonly PromoBlock[] = [
  {
    id: 'driver',
    heading: 'Earn on your own schedule',
    text: 'Whatever you ride or drive, there is a place for you on Arrive.',
    cta: { label: 'Become a Driver', to: '/driver' },
    slides: [
      slide('Car Driver', 'Take riders across town in your own car.', 'promo-car-driver'),
      slide('Motorbike Driver', 'Beat the traffic with rides and deliveries by motorbike.', 'promo-motorbike-driver'),
      slide('Scooter Driver', 'Short trips and quick drops on a scooter.', 'promo-scooter-driver'),
      slide('Bike Rider', 'Deliver in busy neighbourhoods by bicycle.', 'promo-bike-rider'),
    ],
  },
  {
    id: 'food',
    heading: 'Grow your food business',
    text: 'More orders without more tables: we bring your food to your customers.',
    cta: { label: 'Become a Food Partner', to: '/restaurant-partner' },
    slides: [
      slide('Restaurants', 'Full menus delivered hot to homes and offices.', 'promo-restaurants'),
      slide('Fast Food', 'Quick meals, quick riders, happy customers.', 'promo-fast-food'),
      slide('Cafés & Bakeries', 'Fresh bread, pastries and coffee to the door.', 'promo-cafes'),
      slide('Food Trucks', 'Let customers find you wherever you park today.', 'promo-food-trucks'),
    ],
  },
  {
    id: 'grocery',
    heading: 'Sell more groceries',
    text: 'Your shelves, online: customers order, our riders deliver.',
    cta: { label: 'Become a Grocery Partner', to: '/grocery-partner' },
    slides: [
      slide('Supermarkets', 'Your whole store available for delivery.', 'promo-supermarkets'),
      slide('Fresh Produce Markets', 'Fruit, vegetables and fish delivered fresh.', 'promo-fresh-produce'),
      slide('Specialty Food Stores', 'Reach customers looking for what only you stock.', 'promo-specialty'),
      slide('Corner Shops', 'Everyday items for the street around you.', 'promo-corner-shops'),
    ],
  },
  {
    id: 'business',
    heading: 'Solutions for business',
    text: 'Rides, deliveries and catering for teams of every size, billed monthly.',
    cta: { label: 'Explore Business Solutions', to: '/business-solutions' },
    slides: [
      slide('Corporate Events', 'Guests, food and supplies where they need to be.', 'promo-corporate-events'),
      slide('Office Catering', 'Lunch for the whole office, on time every day.', 'promo-office-catering'),
      slide('Retail Shops', 'Same-day delivery for your shop’s customers.', 'promo-retail'),
      slide('Hotels & Hospitality', 'Airport pickups and room deliveries for guests.', 'promo-hotels'),
    ],
  },
];
