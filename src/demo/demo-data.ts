/**
 * What the demo owner's world holds, as tables; demo.ts places it relative to the current date.
 * Weeks count from the Monday of the current week (week 0, day 0 = Monday); days from today are
 * signed (negative: in the past).
 */
export type CalendarSlug = 'personal' | 'work' | 'family';

export const DEMO_ZONE = 'Europe/Berlin';
export const DEMO_DISPLAY_NAME = 'Alex Morgan';

export const DEMO_CALENDARS: readonly { slug: CalendarSlug; name: string }[] = [
  { slug: 'personal', name: 'Personal' },
  { slug: 'work', name: 'Work' },
  { slug: 'family', name: 'Family' },
];

export interface EventSeed {
  week: number;
  day: number;
  /** Local start 'HH:MM' and length; absent for an all-day event. */
  time?: string;
  minutes?: number;
  /** Length of an all-day event in days (end date exclusive), default 1. */
  days?: number;
  title: string;
  calendar: CalendarSlug;
  /** The event's own zone when it is not the owner's. */
  zone?: string;
  free?: boolean;
  cancelled?: boolean;
  location?: string;
  url?: string;
  /** Private: stored, never returned by the API. */
  notes?: string;
  with?: string[];
}

const MEET = 'https://meet.example.com';

export const SINGLE_EVENTS: readonly EventSeed[] = [
  { week: 0, day: 0, time: '10:00', minutes: 60, title: 'Quarterly review prep', calendar: 'work', location: 'Room 4.12' },
  { week: 0, day: 1, time: '12:30', minutes: 60, title: 'Lunch with Jonas', calendar: 'personal', location: 'Café Einstein, Unter den Linden 42' },
  { week: 0, day: 2, time: '16:00', minutes: 30, title: 'Dentist check-up', calendar: 'personal', location: 'Praxis Dr. Keller, Torstraße 88', notes: 'Bring the insurance card.' },
  { week: 0, day: 3, time: '19:00', minutes: 150, title: 'Cinema with Lena', calendar: 'personal', location: 'Kino Babylon' },
  { week: 0, day: 5, time: '10:00', minutes: 120, title: 'Farmers market with the kids', calendar: 'family', location: 'Kollwitzplatz' },
  { week: 0, day: 6, time: '15:00', minutes: 60, title: 'Video call with Grandma', calendar: 'family', url: `${MEET}/grandma` },

  { week: 1, day: 0, time: '09:00', minutes: 30, title: '1:1 with Priya', calendar: 'work', url: `${MEET}/priya-alex`, with: ['Priya Raman'] },
  { week: 1, day: 0, time: '14:00', minutes: 90, title: 'Design review: booking flow', calendar: 'work', location: 'Room 2.03', notes: 'Decide on the reschedule screen.', with: ['Priya Raman', 'Tomás Ortega', 'Ines Berg'] },
  { week: 1, day: 1, time: '11:00', minutes: 60, title: 'Customer call: Nordwind GmbH', calendar: 'work', url: `${MEET}/nordwind`, with: ['Karin Vogel'] },
  { week: 1, day: 2, time: '18:30', minutes: 60, title: 'Parent-teacher evening', calendar: 'family', location: 'Grundschule am Park' },
  { week: 1, day: 3, time: '08:00', minutes: 30, title: 'Car service drop-off', calendar: 'personal', location: 'Autohaus Meyer, Prenzlauer Allee 201' },
  { week: 1, day: 3, time: '13:00', minutes: 30, title: 'Sign lease extension', calendar: 'personal', notes: 'Landlord: Frau Emma Schulz.' },
  { week: 1, day: 4, title: 'Focus day (no meetings)', calendar: 'work', free: true },
  { week: 1, day: 5, time: '19:30', minutes: 180, title: "Dinner at Lena & Tom's", calendar: 'personal', location: 'Schönhauser Allee 12' },

  { week: 2, day: 0, time: '10:30', minutes: 60, title: 'Hiring interview: backend engineer', calendar: 'work', url: `${MEET}/interview-be`, notes: 'Candidate #14, system design round.', with: ['Tomás Ortega'] },
  { week: 2, day: 1, time: '15:00', minutes: 45, title: 'Physio appointment', calendar: 'personal', location: 'Physio am Ring' },
  { week: 2, day: 2, time: '07:10', minutes: 215, title: 'Flight BER → LIS', calendar: 'work', location: 'BER Terminal 1', notes: 'Seat 14C, booking ref QX7T2L.' },
  { week: 2, day: 2, days: 3, title: 'Conference: API Days Lisbon', calendar: 'work', zone: 'Europe/Lisbon', location: 'Centro de Congressos de Lisboa', url: 'https://apidays.example.com/lisbon' },
  { week: 2, day: 4, time: '18:40', minutes: 200, title: 'Flight LIS → BER', calendar: 'work', zone: 'Europe/Lisbon', location: 'LIS Terminal 1' },
  { week: 2, day: 6, time: '11:00', minutes: 120, title: 'Brunch with the neighbours', calendar: 'personal', location: 'Café Anna Blume' },

  { week: 3, day: 0, time: '09:00', minutes: 30, title: '1:1 with Priya', calendar: 'work', url: `${MEET}/priya-alex`, with: ['Priya Raman'] },
  { week: 3, day: 0, time: '16:00', minutes: 30, title: 'Call insurance about the bike claim', calendar: 'personal' },
  { week: 3, day: 1, time: '13:00', minutes: 60, title: 'Budget planning', calendar: 'work', location: 'Room 4.12', with: ['Karin Vogel', 'Priya Raman'] },
  { week: 3, day: 2, time: '17:00', minutes: 60, title: 'Swimming lesson: parents watch', calendar: 'family', location: 'Stadtbad Mitte', free: true },
  { week: 3, day: 3, time: '12:00', minutes: 60, title: 'Team lunch', calendar: 'work', location: 'Mercado, Torstraße 50' },
  { week: 3, day: 5, title: "Tom's birthday party", calendar: 'family', location: 'Volkspark Friedrichshain' },

  { week: 4, day: 0, time: '11:00', minutes: 60, title: 'Vendor demo: calendar sync', calendar: 'work', url: `${MEET}/vendor-demo` },
  { week: 4, day: 1, time: '19:30', minutes: 90, title: 'Yoga class (drop-in)', calendar: 'personal', location: 'Yoga Loft', free: true },
  { week: 4, day: 2, time: '09:30', minutes: 240, title: 'Workshop: incident response', calendar: 'work', location: 'Room 1.01', notes: 'Bring the runbook drafts.' },
  { week: 4, day: 3, time: '10:00', minutes: 60, title: 'Coffee with Sam', calendar: 'personal', cancelled: true, location: 'The Barn' },
  { week: 4, day: 3, time: '15:30', minutes: 30, title: 'Pick up passport', calendar: 'personal', location: 'Bürgeramt Mitte' },
  { week: 4, day: 4, time: '18:00', minutes: 180, title: 'Board game night', calendar: 'personal' },
  { week: 4, day: 5, days: 2, title: 'Weekend trip to Dresden', calendar: 'family', location: 'Dresden' },

  { week: 5, day: 0, days: 5, title: 'Vacation: Black Forest', calendar: 'personal', location: 'Titisee' },
  { week: 5, day: 2, time: '10:00', minutes: 30, title: 'Check-in call with the house sitter', calendar: 'personal', free: true },
  { week: 5, day: 6, time: '17:00', minutes: 60, title: 'Plan the week', calendar: 'personal', free: true },

  { week: 6, day: 0, time: '09:00', minutes: 30, title: '1:1 with Priya', calendar: 'work', url: `${MEET}/priya-alex`, with: ['Priya Raman'] },
  { week: 6, day: 0, time: '13:30', minutes: 60, title: 'Kick-off: mobile app v2', calendar: 'work', location: 'Room 2.03', notes: 'Scope, milestones, owners.', with: ['Priya Raman', 'Ines Berg', 'Tomás Ortega'] },
  { week: 6, day: 1, time: '10:00', minutes: 45, title: 'Doctor: annual check-up', calendar: 'personal', location: 'Hausarztpraxis Weber' },
  { week: 6, day: 2, time: '16:30', minutes: 60, title: 'Call with the accountant', calendar: 'personal', url: `${MEET}/tax` },
  { week: 6, day: 3, time: '19:00', minutes: 150, title: 'Concert: Berliner Philharmoniker', calendar: 'personal', location: 'Philharmonie', url: 'https://tickets.example.com/phil' },
  { week: 6, day: 4, time: '09:00', minutes: 60, title: 'Call with the New York team', calendar: 'work', zone: 'America/New_York', url: `${MEET}/nyc` },

  { week: 7, day: 0, time: '10:00', minutes: 90, title: 'Roadmap review', calendar: 'work', location: 'Room 4.12' },
  { week: 7, day: 2, days: 2, title: 'Team offsite', calendar: 'work', location: 'Landhaus Müggelsee' },
  { week: 7, day: 4, time: '17:30', minutes: 45, title: 'Haircut', calendar: 'personal', location: 'Salon Schnittig' },
  { week: 7, day: 5, time: '09:00', minutes: 180, title: 'Kids football tournament', calendar: 'family', location: 'Sportpark Prenzlauer Berg' },

  { week: 8, day: 0, time: '09:00', minutes: 30, title: '1:1 with Priya', calendar: 'work', url: `${MEET}/priya-alex`, with: ['Priya Raman'] },
  { week: 8, day: 1, time: '11:00', minutes: 60, title: 'Quarterly business review', calendar: 'work', location: 'Room 4.12' },
  { week: 8, day: 2, time: '18:00', minutes: 90, title: 'Italian class', calendar: 'personal', location: 'Volkshochschule Mitte' },
  { week: 8, day: 3, days: 3, title: 'Grandpa visiting', calendar: 'family', free: true },
  { week: 8, day: 4, time: '12:00', minutes: 60, title: 'Lunch with former colleagues', calendar: 'personal', location: 'Markthalle Neun' },
];

export type Priority = 'none' | 'low' | 'medium' | 'high';

export interface TaskSeed {
  title: string;
  description?: string;
  /** Due date in days from today, and an optional local time. */
  due?: number;
  time?: string;
  priority?: Priority;
  minutes?: number;
  createdDaysAgo: number;
  /** Completed this many days ago (over 90: no longer listed by the API). */
  completedDaysAgo?: number;
  /** Made from this task request (see REQUESTS) when the owner accepted it. */
  fromRequest?: string;
}

export const TASKS: readonly TaskSeed[] = [
  { title: 'Call the plumber about the boiler', due: 1, time: '10:00', priority: 'high', minutes: 15, createdDaysAgo: 2 },
  { title: 'Reply to school about the class trip', due: -2, priority: 'high', createdDaysAgo: 9 },
  { title: 'Schedule the annual check-up', due: -1, priority: 'medium', createdDaysAgo: 14 },
  { title: "Water the plants at Lena's", due: 0, time: '18:00', priority: 'medium', minutes: 20, createdDaysAgo: 3 },
  { title: 'Cancel the unused streaming subscription', due: 3, priority: 'low', minutes: 10, createdDaysAgo: 6 },
  { title: 'Send a thank-you note to Grandma', due: 4, createdDaysAgo: 1 },
  { title: "Review Priya's promotion packet", due: 6, time: '12:00', priority: 'high', minutes: 60, createdDaysAgo: 4, description: 'Focus on the impact section.' },
  { title: 'Draft the Q1 hiring plan', due: 8, time: '17:00', priority: 'high', minutes: 90, createdDaysAgo: 7 },
  { title: 'Renew the car insurance', due: 9, priority: 'medium', createdDaysAgo: 11, description: 'Compare at least two offers.' },
  { title: 'File the expense report for Lisbon', due: 19, priority: 'medium', createdDaysAgo: 2 },
  { title: 'Buy a birthday present for Mum', due: 14, priority: 'medium', createdDaysAgo: 5, description: 'She mentioned a new garden hose and the Ferrante box set.' },
  { title: 'Prepare slides for the roadmap review', due: 15, time: '09:00', priority: 'high', minutes: 120, createdDaysAgo: 3 },
  { title: 'Book flights for the spring holiday', due: 24, priority: 'low', createdDaysAgo: 12 },
  { title: 'Back up the family photos', priority: 'low', createdDaysAgo: 30 },
  { title: 'Read "Designing Data-Intensive Applications", chapter 5', createdDaysAgo: 21 },
  { title: 'Order new running shoes', priority: 'low', createdDaysAgo: 8 },
  { title: "Fix the bike's rear brake", createdDaysAgo: 17 },
  { title: 'Update the emergency contact list', priority: 'low', createdDaysAgo: 45 },
  { title: 'Send the signed lease addendum to Emma Schulz', due: 5, priority: 'medium', createdDaysAgo: 2, fromRequest: 'emma' },

  { title: 'Set up the out-of-office for the conference', due: 0, createdDaysAgo: 4, completedDaysAgo: 1 },
  { title: 'Submit tax documents to the accountant', due: -1, priority: 'high', createdDaysAgo: 20, completedDaysAgo: 2 },
  { title: "Review Ben Fischer's CV", due: -2, priority: 'medium', createdDaysAgo: 8, completedDaysAgo: 3, fromRequest: 'ben' },
  { title: 'Pay the electricity bill', due: -6, priority: 'medium', createdDaysAgo: 15, completedDaysAgo: 5 },
  { title: 'Book a dentist appointment', createdDaysAgo: 25, completedDaysAgo: 12 },
  { title: 'Return the library books', due: -19, createdDaysAgo: 30, completedDaysAgo: 20 },
  { title: 'Clean out the garage', createdDaysAgo: 60, completedDaysAgo: 40 },
  { title: 'Move notes to the new laptop', priority: 'low', createdDaysAgo: 80, completedDaysAgo: 70 },
  { title: 'Register the kids for swimming', due: -121, priority: 'high', createdDaysAgo: 130, completedDaysAgo: 120 },
  { title: 'Replace the smoke detector batteries', createdDaysAgo: 210, completedDaysAgo: 200 },
  { title: 'Renew the gym membership', createdDaysAgo: 410, completedDaysAgo: 400 },
];

export type AppointmentTypeKey = 'intro' | 'consultation' | 'coffee';

export const APPOINTMENT_TYPES: readonly { key: AppointmentTypeKey; name: string; minutes: number }[] = [
  { key: 'intro', name: 'Intro call', minutes: 20 },
  { key: 'consultation', name: 'Consultation', minutes: 60 },
  { key: 'coffee', name: 'Coffee chat', minutes: 30 },
];

export type RequestStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'rescheduled' | 'cancelled' | 'completed';

export interface RequesterSeed {
  name: string;
  email?: string;
  phone?: string;
  contactMethod?: string;
  contactHandle?: string;
  timezone: string;
  locale: string;
}

/** Where a slot lies: a week and day like events, or days from today. */
export type SlotPlace = { week: number; day: number; time: string } | { daysFromToday: number; time: string };

export interface RequestSeed {
  key: string;
  kind: 'appointment' | 'task';
  status: RequestStatus;
  cancelledBy?: 'owner' | 'requester';
  type?: AppointmentTypeKey;
  /** The requested slot, or for `rescheduled` the time the owner proposed. */
  slot?: SlotPlace;
  /** Task requests: suggested due date in days from today. */
  suggestedDue?: number;
  message: string;
  note?: string;
  requester: RequesterSeed;
  source: 'public' | 'api';
  /** Which token made an API request: an integration's, or the demo token itself. */
  token?: 'integration' | 'demo';
  notify?: boolean;
  /** From a contact the owner blocked: never reaches the inbox (docs/spec-decisions.md §3). */
  blocked?: boolean;
  createdDaysAgo: number;
  /** Last change, days ago (default: created). */
  changedDaysAgo?: number;
  /** The appointment's calendar event: on the calendar, or removed when it was cancelled. */
  event?: 'present' | 'removed';
}

export const REQUESTS: readonly RequestSeed[] = [
  {
    key: 'maria', kind: 'appointment', status: 'pending', type: 'intro', slot: { week: 1, day: 3, time: '14:00' },
    message: 'Hi Alex, I run a small design studio in Milan and would love to hear how you handle client scheduling.',
    requester: { name: 'Maria Rossi', email: 'maria.rossi@example.com', timezone: 'Europe/Rome', locale: 'it-IT' },
    source: 'public', notify: true, createdDaysAgo: 1,
  },
  {
    key: 'daniel', kind: 'appointment', status: 'pending', type: 'consultation', slot: { week: 1, day: 4, time: '10:00' },
    message: 'Booked through Acme Scheduler: review of our API integration plan.',
    requester: { name: 'Daniel Okafor', email: 'daniel@okafor.example', phone: '+4915112345678', contactMethod: 'whatsapp', contactHandle: '+4915112345678', timezone: 'Europe/London', locale: 'en-GB' },
    source: 'api', token: 'integration', createdDaysAgo: 0,
  },
  {
    key: 'sofia', kind: 'task', status: 'pending', suggestedDue: 12,
    message: 'Could you read chapter 3 of my thesis and tell me whether the argument holds?', note: 'About 25 pages, PDF attached to my email.',
    requester: { name: 'Sofia Lindqvist', email: 'sofia.lindqvist@example.se', timezone: 'Europe/Stockholm', locale: 'sv-SE' },
    source: 'public', notify: true, createdDaysAgo: 2,
  },
  {
    key: 'own-token', kind: 'task', status: 'pending',
    message: 'Send back the signed contractor agreement.',
    requester: { name: 'Nordwind GmbH (Karin Vogel)', email: 'karin.vogel@nordwind.example', timezone: 'Europe/Berlin', locale: 'de-DE' },
    source: 'api', token: 'demo', createdDaysAgo: 0,
  },
  {
    key: 'lukas', kind: 'appointment', status: 'accepted', type: 'coffee', slot: { week: 1, day: 2, time: '10:30' },
    message: 'Coffee to talk about the meetup in January?',
    requester: { name: 'Lukas Brandt', email: 'lukas.brandt@example.de', contactMethod: 'signal', contactHandle: '@lukasb', timezone: 'Europe/Berlin', locale: 'de-DE' },
    source: 'public', notify: true, createdDaysAgo: 4, changedDaysAgo: 3, event: 'present',
  },
  {
    key: 'emma', kind: 'task', status: 'accepted', suggestedDue: 5,
    message: 'Please send me the signed lease addendum when you can.',
    requester: { name: 'Emma Schulz', email: 'emma.schulz@example.de', phone: '+4930123456', timezone: 'Europe/Berlin', locale: 'de-DE' },
    source: 'public', createdDaysAgo: 3, changedDaysAgo: 2,
  },
  {
    key: 'felix', kind: 'appointment', status: 'declined', type: 'consultation', slot: { week: 1, day: 0, time: '15:00' },
    message: 'I would like advice on migrating our calendar data.',
    requester: { name: 'Felix Wagner', email: 'felix.wagner@example.com', timezone: 'Europe/Vienna', locale: 'de-AT' },
    source: 'public', createdDaysAgo: 5, changedDaysAgo: 1,
  },
  {
    key: 'hannah', kind: 'appointment', status: 'withdrawn', type: 'intro', slot: { week: 1, day: 1, time: '14:30' },
    message: 'Intro call about a possible collaboration.',
    requester: { name: 'Hannah Becker', email: 'hannah.becker@example.com', timezone: 'Europe/Berlin', locale: 'en-US' },
    source: 'api', token: 'integration', createdDaysAgo: 6, changedDaysAgo: 2,
  },
  {
    key: 'oskar', kind: 'appointment', status: 'expired', type: 'intro', slot: { daysFromToday: -3, time: '11:00' },
    message: 'Quick call about the open-source calendar library?',
    requester: { name: 'Oskar Nilsson', email: 'oskar@nilsson.example', timezone: 'Europe/Stockholm', locale: 'en-GB' },
    source: 'public', createdDaysAgo: 8, changedDaysAgo: 3,
  },
  {
    key: 'clara', kind: 'task', status: 'expired', suggestedDue: -5,
    message: 'Could you write a short reference for my visa application?',
    requester: { name: 'Clara Hoffmann', email: 'clara.hoffmann@example.de', timezone: 'America/Toronto', locale: 'en-CA' },
    source: 'public', createdDaysAgo: 15, changedDaysAgo: 4,
  },
  {
    key: 'jonas', kind: 'appointment', status: 'rescheduled', type: 'consultation', slot: { week: 2, day: 1, time: '09:00' },
    message: 'Consultation on moving our team to shared calendars.',
    requester: { name: 'Jonas Weber', email: 'jonas.weber@example.com', phone: '+491701234567', contactMethod: 'phone_call', timezone: 'Europe/Berlin', locale: 'de-DE' },
    source: 'public', notify: true, createdDaysAgo: 7, changedDaysAgo: 1, event: 'present',
  },
  {
    key: 'mia', kind: 'appointment', status: 'cancelled', cancelledBy: 'requester', type: 'coffee', slot: { week: 1, day: 0, time: '11:00' },
    message: 'Coffee and a chat about product management?',
    requester: { name: 'Mia Schneider', email: 'mia.schneider@example.com', timezone: 'Europe/Berlin', locale: 'de-DE' },
    source: 'public', createdDaysAgo: 9, changedDaysAgo: 2, event: 'removed',
  },
  {
    key: 'paul', kind: 'appointment', status: 'cancelled', cancelledBy: 'owner', type: 'intro', slot: { week: 2, day: 3, time: '14:00' },
    message: 'Introduction: we are building a booking widget.',
    requester: { name: 'Paul Richter', email: 'paul.richter@example.com', timezone: 'Europe/Berlin', locale: 'de-DE' },
    source: 'api', token: 'integration', createdDaysAgo: 10, changedDaysAgo: 1, event: 'removed',
  },
  {
    key: 'anna', kind: 'appointment', status: 'completed', type: 'consultation', slot: { daysFromToday: -6, time: '14:00' },
    message: 'Follow-up consultation on the data export.',
    requester: { name: 'Anna Kowalski', email: 'anna.kowalski@example.pl', timezone: 'Europe/Warsaw', locale: 'pl-PL' },
    source: 'public', createdDaysAgo: 14, changedDaysAgo: 6, event: 'present',
  },
  {
    key: 'ben', kind: 'task', status: 'completed', suggestedDue: -2,
    message: 'Would you look over my CV before I apply?',
    requester: { name: 'Ben Fischer', email: 'ben.fischer@example.com', timezone: 'Europe/Zurich', locale: 'de-CH' },
    source: 'public', createdDaysAgo: 8, changedDaysAgo: 3,
  },
  {
    key: 'blocked', kind: 'appointment', status: 'pending', type: 'coffee', slot: { week: 1, day: 3, time: '09:00' },
    message: 'Grow your followers 10x! Book a free strategy session.',
    requester: { name: 'Growth Hacks Ltd', email: 'offers@growth-hacks.example', timezone: 'UTC', locale: 'en' },
    source: 'public', blocked: true, createdDaysAgo: 0,
  },
];

export const JOURNAL: readonly { daysAgo: number; body: string }[] = [
  { daysAgo: 1, body: 'Long walk along the canal. Decided to say no to the second conference talk.' },
  { daysAgo: 3, body: 'Design review went well; Priya wants the reschedule flow simpler. Slept badly.' },
  { daysAgo: 8, body: 'Kids had a great swimming lesson. Need to call Grandma more often.' },
  { daysAgo: 15, body: 'First snow. Started reading the thesis Sofia mentioned.' },
];
