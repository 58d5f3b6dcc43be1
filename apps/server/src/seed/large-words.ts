// Word lists for the large data set (seed/large.ts): combined by index, never at random, so every
// run builds the same catalogue. The kinds of product are in large-nouns.ts.

/** Product lines: any of them reads naturally in front of any noun. */
export const LARGE_DESCRIPTORS = [
  'Classic',
  'Premium',
  'Organic',
  'Everyday',
  'Select',
  'Signature',
  'Essential',
  'Reserve',
  'Value',
  'Gold',
  'Eco',
  'Original',
  'Traditional',
  'Artisan',
  'Natural',
  'Trade',
];

const BRAND_FIRST = [
  'Harbour',
  'Coastal',
  'Golden',
  'Southern',
  'Bay',
  'Ridge',
  'Valley',
  'Summit',
  'Tasman',
  'Outback',
];
const BRAND_SECOND = ['Roasters', 'Dairy', 'Foods', 'Pantry', 'Farms', 'Kitchen'];
/** 60 brands: every first word with every second. */
export const LARGE_BRANDS = BRAND_FIRST.flatMap((first) =>
  BRAND_SECOND.map((second) => `${first} ${second}`),
);

const SUPPLIER_PLACES = ['Sydney', 'Melbourne', 'Brisbane', 'Adelaide', 'Perth'];
const SUPPLIER_KINDS = ['Food Distributors', 'Wholesale Supplies', 'Fresh Markets', 'Packaging Co.'];
export const LARGE_SUPPLIERS = SUPPLIER_PLACES.flatMap((place) =>
  SUPPLIER_KINDS.map((kind) => `${place} ${kind}`),
);

export const LARGE_UNITS = [
  { name: 'Each', abbreviation: 'ea' },
  { name: 'Carton', abbreviation: 'ctn' },
  { name: 'Kilogram', abbreviation: 'kg' },
  { name: 'Litre', abbreviation: 'L' },
  { name: 'Bottle', abbreviation: 'btl' },
  { name: 'Pack', abbreviation: 'pk' },
  { name: 'Bag', abbreviation: 'bag' },
  { name: 'Tray', abbreviation: 'tray' },
];

const CUSTOMER_FIRST = [
  'Harbour',
  'Little',
  'Golden',
  'Corner',
  'Laneway',
  'Bluebird',
  'Sunny',
  'Salt',
  'Olive',
  'Copper',
  'Ironbark',
  'Wattle',
  'Paper',
  'Brass',
  'Fig',
  'Banksia',
  'Pepper',
  'Juniper',
  'Lantern',
  'Tin',
  'Moss',
  'Marigold',
  'Driftwood',
  'Kettle',
  'Orchard',
];
const CUSTOMER_SECOND = [
  'Espresso',
  'Kitchen',
  'Bistro',
  'Café',
  'Bakery',
  'Deli',
  'Canteen',
  'Eatery',
  'Bar',
  'Grill',
];
export const CUSTOMER_SUBURBS = [
  ['Balmain', 'NSW', '2041'],
  ['Newtown', 'NSW', '2042'],
  ['Manly', 'NSW', '2095'],
  ['Surry Hills', 'NSW', '2010'],
  ['Parramatta', 'NSW', '2150'],
  ['Bondi', 'NSW', '2026'],
  ['Marrickville', 'NSW', '2204'],
  ['Chatswood', 'NSW', '2067'],
  ['Fitzroy', 'VIC', '3065'],
  ['Brunswick', 'VIC', '3056'],
  ['Richmond', 'VIC', '3121'],
  ['St Kilda', 'VIC', '3182'],
  ['Footscray', 'VIC', '3011'],
  ['Fortitude Valley', 'QLD', '4006'],
  ['West End', 'QLD', '4101'],
  ['Paddington', 'QLD', '4064'],
  ['Norwood', 'SA', '5067'],
  ['Glenelg', 'SA', '5045'],
  ['Fremantle', 'WA', '6160'],
  ['Leederville', 'WA', '6007'],
] as const;

/** Customer `c`'s trading name, e.g. "Copper Canteen Fitzroy"; unique for the first 5,000. */
export function customerTitle(c: number): string {
  const first = CUSTOMER_FIRST[c % CUSTOMER_FIRST.length]!;
  const second = CUSTOMER_SECOND[Math.floor(c / CUSTOMER_FIRST.length) % CUSTOMER_SECOND.length]!;
  const combos = CUSTOMER_FIRST.length * CUSTOMER_SECOND.length;
  const [suburb] = CUSTOMER_SUBURBS[Math.floor(c / combos) % CUSTOMER_SUBURBS.length]!;
  const round = Math.floor(c / (combos * CUSTOMER_SUBURBS.length));
  return `${first} ${second} ${suburb}${round > 0 ? ` ${round + 1}` : ''}`;
}
