import {
  DRIVER_DAILY_EARNINGS_MAX_NAIRA,
  DRIVER_DAILY_EARNINGS_MIN_NAIRA,
  DRIVER_MIN_AGE,
  DRIVER_MIN_EXPERIENCE_YEARS,
  DRIVER_MIN_VEHICLE_YEAR,
  DRIVER_WEEKLY_PAYDAY,
} from '../../../../domain/constants';
import { formatNumber, NAIRA_SIGN } from '../../../../domain/format';

const naira = (amount: number) => `${NAIRA_SIGN}${formatNumber(amount, 0)}`;

/** The driver page's earnings claim. */
export const dailyEarnings = `${naira(DRIVER_DAILY_EARNINGS_MIN_NAIRA)} – ${naira(DRIVER_DAILY_EARNINGS_MAX_NAIRA)}`;

export const driverSteps = [
  { title: 'Sign up', text: 'Create your driver account with your name, email and phone number.' },
  { title: 'Upload your documents', text: 'Driver’s licence, vehicle papers and a recent photo.' },
  { title: 'Get verified', text: 'We check your documents and vehicle, usually within 48 hours.' },
  { title: 'Start earning', text: 'Go online in the app and accept your first trip.' },
] as const;

export const driverBenefits = [
  { title: 'Earn money', text: `Drivers earn ${dailyEarnings} a day, depending on hours and city.` },
  { title: 'Flexible hours', text: 'Drive mornings, evenings or weekends: you choose when to go online.' },
  { title: 'Weekly payment', text: `Your earnings reach your bank account every week by ${DRIVER_WEEKLY_PAYDAY}.` },
  { title: 'Support on the road', text: 'A driver support line that answers every day.' },
  { title: 'Grow with Arrive', text: 'Bonuses for top-rated drivers and referral rewards.' },
] as const;

export const driverRequirements = [
  `Aged ${DRIVER_MIN_AGE} or older`,
  `At least ${DRIVER_MIN_EXPERIENCE_YEARS} year of driving experience`,
  'A valid Nigerian driver’s licence',
  `A vehicle made in ${DRIVER_MIN_VEHICLE_YEAR} or newer, in good condition`,
  'Vehicle registration and insurance papers',
  'A smartphone with Android 8 or iOS 14 or newer',
  'A bank account in your own name',
  'A clean background check',
] as const;

export const driverFaq = [
  {
    question: 'How much can I earn?',
    answer: `Most drivers earn between ${dailyEarnings} a day. What you earn depends on the hours you drive, your city and demand.`,
  },
  {
    question: 'When do I get paid?',
    answer: `Every week. The week’s earnings are paid into your bank account by ${DRIVER_WEEKLY_PAYDAY}.`,
  },
  {
    question: 'Can I drive a motorbike, scooter or bicycle?',
    answer: 'Yes. Motorbikes and scooters take rides and deliveries; bicycles take deliveries in busy areas.',
  },
  {
    question: 'How old must my vehicle be?',
    answer: `Cars must be from ${DRIVER_MIN_VEHICLE_YEAR} or newer and pass our inspection.`,
  },
  {
    question: 'Do I need experience?',
    answer: `You must be ${DRIVER_MIN_AGE} or older with at least ${DRIVER_MIN_EXPERIENCE_YEARS} year of driving experience.`,
  },
] as const;
