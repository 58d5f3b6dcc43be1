// The kinds of product in the large data set: about 150, so that a common word ("milk") matches a
// few per cent of the catalogue, as in a broad wholesale range, rather than a fifth of it.

/** A kind of product: its SKU code, "Parent/Sub" category, unit, GST-free flag, sizes and price. */
export type Noun = {
  code: string;
  name: string;
  category: string;
  unit: string;
  isGstFree: boolean;
  /** Size label → price multiplier of `priceCents`; a trailing "x 24" is the pack size. */
  sizes: Record<string, number>;
  priceCents: number;
  minOrderQuantity?: number;
};

type Row = [code: string, name: string, unit: string, priceCents: number, sizes: Record<string, number>];

const KG = { '500g': 0.55, '1kg': 1, '2kg': 1.9 };
const LITRES = { '1L': 1, '2L': 1.85, '5L': 4.2 };
const CARTONS = { 'x 6': 1, 'x 12': 1.9, 'x 24': 3.6 };
const BULK = { 'x 100': 1, 'x 500': 4.5, 'x 1000': 8.5 };
const LOAVES = { '500g': 0.8, '800g': 1, '1kg': 1.2 };
const BOTTLES = { '750ml': 1, '1L': 1.25, '2L': 2.3 };
const TRAYS = { 'x 12': 1, 'x 24': 1.9, 'x 48': 3.6 };

/** Kinds of product by "Parent/Sub" category. */
const BY_CATEGORY: Record<string, Row[]> = {
  'Coffee & Tea/Coffee Beans': [
    ['ESP', 'Espresso Beans', 'Bag', 3400, KG],
    ['FLT', 'Filter Coffee', 'Bag', 3200, KG],
    ['DCF', 'Decaf Coffee Beans', 'Bag', 3600, KG],
    ['CBR', 'Cold Brew Coffee Grind', 'Bag', 3000, KG],
    ['SGO', 'Single Origin Beans', 'Bag', 4800, KG],
    ['INS', 'Instant Coffee', 'Each', 2200, KG],
  ],
  'Coffee & Tea/Tea': [
    ['BTE', 'Breakfast Tea Bags', 'Pack', 1250, BULK],
    ['EGR', 'Earl Grey Tea Bags', 'Pack', 1350, BULK],
    ['GRT', 'Green Tea', 'Pack', 1450, BULK],
    ['PEP', 'Peppermint Tea', 'Pack', 1350, BULK],
    ['CHM', 'Chamomile Tea', 'Pack', 1350, BULK],
    ['LLT', 'Loose Leaf Tea', 'Bag', 2400, KG],
  ],
  'Coffee & Tea/Drinking Powders': [
    ['CHO', 'Drinking Chocolate', 'Bag', 1900, KG],
    ['CHA', 'Chai Latte Powder', 'Bag', 2100, KG],
    ['MAT', 'Matcha Powder', 'Bag', 4200, KG],
    ['FRP', 'Frappe Base', 'Bag', 2300, KG],
  ],
  'Dairy & Alternatives/Milk': [
    ['MLK', 'Full Cream Milk', 'Bottle', 210, LITRES],
    ['LTM', 'Lite Milk', 'Bottle', 205, LITRES],
    ['BMK', 'Barista Milk', 'Bottle', 230, LITRES],
    ['LFM', 'Lactose Free Milk', 'Bottle', 260, LITRES],
  ],
  'Dairy & Alternatives/Plant Milk': [
    ['OAT', 'Oat Milk', 'Carton', 395, CARTONS],
    ['ALM', 'Almond Milk', 'Carton', 385, CARTONS],
  ],
  'Dairy & Alternatives/Cream & Yoghurt': [
    ['CRM', 'Thickened Cream', 'Each', 690, LITRES],
    ['SCR', 'Sour Cream', 'Each', 590, KG],
    ['YOG', 'Greek Yoghurt', 'Each', 640, KG],
    ['NYG', 'Natural Yoghurt', 'Each', 540, KG],
  ],
  'Dairy & Alternatives/Cheese & Butter': [
    ['BUT', 'Butter', 'Kilogram', 1490, KG],
    ['CHE', 'Cheddar Cheese', 'Kilogram', 1690, KG],
    ['MOZ', 'Mozzarella', 'Kilogram', 1590, KG],
    ['PAR', 'Parmesan', 'Kilogram', 2890, KG],
    ['FET', 'Feta', 'Kilogram', 1790, KG],
    ['HAL', 'Haloumi', 'Kilogram', 2190, KG],
    ['RIC', 'Ricotta', 'Kilogram', 1290, KG],
    ['EGG', 'Free Range Eggs', 'Tray', 890, TRAYS],
  ],
  'Bakery/Bread': [
    ['SRD', 'Sourdough Loaf', 'Each', 650, LOAVES],
    ['WML', 'Wholemeal Loaf', 'Each', 550, LOAVES],
    ['RYE', 'Rye Bread', 'Each', 690, LOAVES],
    ['ROL', 'Bread Rolls', 'Pack', 590, CARTONS],
    ['BRI', 'Brioche Buns', 'Pack', 790, CARTONS],
    ['TRK', 'Turkish Bread', 'Each', 490, LOAVES],
    ['WRP', 'Tortilla Wraps', 'Pack', 690, CARTONS],
    ['BAG', 'Bagels', 'Pack', 690, CARTONS],
  ],
  'Bakery/Pastries & Cakes': [
    ['CRS', 'Butter Croissants', 'Pack', 1890, CARTONS],
    ['DAN', 'Danish Pastries', 'Pack', 1990, CARTONS],
    ['MUF', 'Muffins', 'Pack', 1690, CARTONS],
    ['BNB', 'Banana Bread', 'Each', 1290, LOAVES],
    ['BRW', 'Brownies', 'Tray', 2490, TRAYS],
    ['TRT', 'Portuguese Tarts', 'Tray', 2290, TRAYS],
    ['SCO', 'Scones', 'Pack', 1190, CARTONS],
    ['CHC', 'Cheesecake', 'Each', 3490, KG],
  ],
  'Syrups & Sauces/Coffee Syrups': [
    ['SYV', 'Vanilla Syrup', 'Bottle', 1290, BOTTLES],
    ['SYC', 'Caramel Syrup', 'Bottle', 1290, BOTTLES],
    ['SYH', 'Hazelnut Syrup', 'Bottle', 1290, BOTTLES],
    ['SYS', 'Salted Caramel Syrup', 'Bottle', 1390, BOTTLES],
  ],
  'Syrups & Sauces/Sauces & Toppings': [
    ['TOM', 'Tomato Sauce', 'Bottle', 990, LITRES],
    ['BBQ', 'Barbecue Sauce', 'Bottle', 1090, LITRES],
    ['MAY', 'Mayonnaise', 'Bottle', 1090, LITRES],
    ['AIO', 'Garlic Aioli', 'Bottle', 1190, LITRES],
    ['SWC', 'Sweet Chilli Sauce', 'Bottle', 890, LITRES],
    ['SOY', 'Soy Sauce', 'Bottle', 790, LITRES],
    ['MUS', 'Dijon Mustard', 'Each', 890, KG],
    ['PES', 'Basil Pesto', 'Each', 1590, KG],
  ],
  'Beverages/Soft Drinks': [
    ['COL', 'Cola', 'Carton', 1490, CARTONS],
    ['LEM', 'Lemonade', 'Carton', 1390, CARTONS],
    ['GIN', 'Ginger Beer', 'Carton', 1690, CARTONS],
    ['SPW', 'Sparkling Mineral Water', 'Carton', 1290, CARTONS],
    ['KOM', 'Kombucha', 'Carton', 2690, CARTONS],
    ['ICT', 'Iced Tea', 'Carton', 1790, CARTONS],
  ],
  'Beverages/Juices': [
    ['ORJ', 'Orange Juice', 'Carton', 1590, CARTONS],
    ['APJ', 'Apple Juice', 'Carton', 1490, CARTONS],
    ['PNJ', 'Pineapple Juice', 'Carton', 1490, CARTONS],
    ['CCW', 'Coconut Water', 'Carton', 1990, CARTONS],
  ],
  'Beverages/Water': [['WAT', 'Spring Water', 'Carton', 990, CARTONS]],
  'Fresh Produce/Fruit': [
    ['BAN', 'Bananas', 'Kilogram', 450, KG],
    ['AVO', 'Avocados', 'Kilogram', 990, KG],
    ['LMN', 'Lemons', 'Kilogram', 690, KG],
    ['LIM', 'Limes', 'Kilogram', 1190, KG],
    ['STR', 'Strawberries', 'Kilogram', 1490, KG],
    ['BLU', 'Blueberries', 'Kilogram', 2490, KG],
    ['APL', 'Pink Lady Apples', 'Kilogram', 590, KG],
    ['ORG', 'Navel Oranges', 'Kilogram', 490, KG],
    ['MNG', 'Mangoes', 'Tray', 2990, TRAYS],
  ],
  'Fresh Produce/Vegetables & Salad': [
    ['SPN', 'Baby Spinach', 'Kilogram', 1290, KG],
    ['RKT', 'Rocket', 'Kilogram', 1390, KG],
    ['TMT', 'Tomatoes', 'Kilogram', 790, KG],
    ['CHT', 'Cherry Tomatoes', 'Kilogram', 1190, KG],
    ['ONI', 'Brown Onions', 'Kilogram', 290, KG],
    ['POT', 'Potatoes', 'Kilogram', 290, KG],
    ['MSH', 'Mushrooms', 'Kilogram', 1290, KG],
    ['CUC', 'Cucumbers', 'Kilogram', 590, KG],
    ['CAP', 'Red Capsicum', 'Kilogram', 990, KG],
    ['LET', 'Cos Lettuce', 'Each', 290, CARTONS],
  ],
  'Meat & Seafood/Poultry & Meat': [
    ['CKB', 'Chicken Breast', 'Kilogram', 1290, KG],
    ['CKT', 'Chicken Thigh', 'Kilogram', 1190, KG],
    ['BAC', 'Short Cut Bacon', 'Kilogram', 1890, KG],
    ['HAM', 'Leg Ham', 'Kilogram', 1990, KG],
    ['BEF', 'Beef Mince', 'Kilogram', 1390, KG],
    ['SAU', 'Pork Sausages', 'Kilogram', 1290, KG],
  ],
  'Meat & Seafood/Seafood': [
    ['SAL', 'Smoked Salmon', 'Kilogram', 4490, KG],
    ['PRW', 'Tiger Prawns', 'Kilogram', 3490, KG],
    ['BAR', 'Barramundi Fillets', 'Kilogram', 3290, KG],
    ['TUN', 'Tuna Chunks', 'Each', 1190, KG],
  ],
  'Frozen/Frozen Foods': [
    ['FCH', 'Frozen Chips', 'Bag', 690, KG],
    ['FPE', 'Frozen Peas', 'Bag', 490, KG],
    ['FBE', 'Frozen Mixed Berries', 'Bag', 1490, KG],
    ['FPS', 'Frozen Puff Pastry', 'Pack', 1190, CARTONS],
  ],
  'Frozen/Ice Cream & Desserts': [
    ['ICV', 'Vanilla Ice Cream', 'Each', 1890, LITRES],
    ['GEL', 'Gelato', 'Each', 2490, LITRES],
    ['SOR', 'Mango Sorbet', 'Each', 2190, LITRES],
  ],
  'Snacks & Confectionery': [
    ['CHP', 'Potato Chips', 'Carton', 1990, CARTONS],
    ['BIS', 'Shortbread Biscuits', 'Carton', 2290, CARTONS],
    ['CHB', 'Chocolate Bars', 'Carton', 2490, CARTONS],
    ['MBR', 'Muesli Bars', 'Carton', 2190, CARTONS],
    ['NUT', 'Mixed Nuts', 'Bag', 2490, KG],
    ['PRZ', 'Pretzels', 'Carton', 1890, CARTONS],
  ],
  'Pantry/Sugar & Sweeteners': [
    ['SUG', 'Sugar Sticks', 'Carton', 1190, BULK],
    ['RSU', 'Raw Sugar', 'Bag', 390, KG],
    ['HON', 'Honey', 'Each', 1490, KG],
    ['MPS', 'Maple Syrup', 'Bottle', 2490, BOTTLES],
  ],
  'Pantry/Dry Goods & Oils': [
    ['OIL', 'Olive Oil', 'Each', 1190, LITRES],
    ['CAN', 'Canola Oil', 'Each', 690, LITRES],
    ['FLR', 'Plain Flour', 'Bag', 390, KG],
    ['RCE', 'Jasmine Rice', 'Bag', 420, KG],
    ['PAS', 'Penne Pasta', 'Bag', 390, KG],
    ['OTS', 'Rolled Oats', 'Bag', 350, KG],
    ['TTM', 'Diced Tomatoes', 'Each', 390, KG],
    ['CKP', 'Chickpeas', 'Each', 390, KG],
    ['STK', 'Chicken Stock', 'Each', 690, LITRES],
    ['VIN', 'Balsamic Vinegar', 'Bottle', 990, BOTTLES],
  ],
  'Packaging & Takeaway/Cups & Lids': [
    ['CUP', 'Coffee Cups', 'Carton', 1290, BULK],
    ['LID', 'Cup Lids', 'Carton', 890, BULK],
    ['CLD', 'Cold Cups', 'Carton', 1190, BULK],
    ['CRY', 'Cup Carriers', 'Carton', 990, BULK],
  ],
  'Packaging & Takeaway/Containers & Bags': [
    ['BOX', 'Takeaway Boxes', 'Carton', 1590, BULK],
    ['BWL', 'Salad Bowls', 'Carton', 1790, BULK],
    ['PBG', 'Paper Bags', 'Carton', 790, BULK],
    ['NAP', 'Napkins', 'Carton', 690, BULK],
    ['CUT', 'Wooden Cutlery', 'Carton', 990, BULK],
    ['STW', 'Paper Straws', 'Carton', 590, BULK],
  ],
  'Cleaning & Hygiene': [
    ['DET', 'Dishwashing Liquid', 'Each', 890, LITRES],
    ['SAN', 'Sanitiser', 'Each', 990, LITRES],
    ['GLV', 'Nitrile Gloves', 'Pack', 1290, BULK],
    ['HWS', 'Hand Wash', 'Each', 790, LITRES],
    ['BIN', 'Bin Liners', 'Carton', 1990, BULK],
    ['TWL', 'Paper Towel', 'Carton', 2490, CARTONS],
    ['CLO', 'Cleaning Cloths', 'Pack', 890, BULK],
    ['MCC', 'Coffee Machine Cleaner', 'Each', 1890, KG],
  ],
};

/** Basic food is GST-free in Australia; drinks, sweets, prepared food and non-food are not. */
const GST_FREE = new Set([
  'Coffee & Tea/Coffee Beans',
  'Coffee & Tea/Tea',
  'Dairy & Alternatives/Milk',
  'Dairy & Alternatives/Plant Milk',
  'Dairy & Alternatives/Cream & Yoghurt',
  'Dairy & Alternatives/Cheese & Butter',
  'Bakery/Bread',
  'Syrups & Sauces/Sauces & Toppings',
  'Beverages/Juices',
  'Beverages/Water',
  'Fresh Produce/Fruit',
  'Fresh Produce/Vegetables & Salad',
  'Meat & Seafood/Poultry & Meat',
  'Meat & Seafood/Seafood',
  'Frozen/Frozen Foods',
  'Pantry/Sugar & Sweeteners',
  'Pantry/Dry Goods & Oils',
]);
/** Fresh milk is sold by the half-dozen. */
const MIN_ORDER: Record<string, number> = { 'Dairy & Alternatives/Milk': 6 };

export const LARGE_NOUNS: Noun[] = Object.entries(BY_CATEGORY).flatMap(([category, rows]) =>
  rows.map(([code, name, unit, priceCents, sizes]) => ({
    code,
    name,
    category,
    unit,
    isGstFree: GST_FREE.has(category),
    sizes,
    priceCents,
    minOrderQuantity: MIN_ORDER[category],
  })),
);
