// Harbourside Wholesale's demo products as small word lists: each family is a list of product
// names crossed with a list of sizes. demo-catalogue.ts turns them into rows deterministically.

export type ProductFamily = {
  skuPrefix: string;
  /** "Parent" or "Parent/Sub". */
  category: string;
  brand: string | null;
  supplier: string;
  unit: string;
  /** Basic food is GST-free in Australia; prepared food, drinks and non-food carry GST. */
  isGstFree?: boolean;
  hasBarcode?: boolean;
  minOrderQuantity?: number;
  /** Premium single origins: the demo's partners-only visibility group. */
  isPremium?: boolean;
  description: string;
  /** Product names separated by "; ". */
  names: string;
  /** Size label appended to each name → base price in cents. A trailing "x 24" is the pack size. */
  sizes: Record<string, number>;
};

const COFFEE = 'Coffee & Tea/Coffee Beans';
const CARTON = 'Carton';

export const DEMO_FAMILIES: ProductFamily[] = [
  {
    skuPrefix: 'COF',
    category: COFFEE,
    brand: 'Harbour Roast Co.',
    supplier: 'Pacific Coffee Traders',
    unit: 'Bag',
    isGstFree: true,
    description: 'Roasted weekly in Marrickville; whole bean, valve-sealed bag.',
    names: 'House Espresso Blend; Crema Blend; Dark Roast Blend; Organic Fair Trade Blend; Decaf Blend',
    sizes: { '1kg': 3400, '500g': 1850 },
  },
  {
    skuPrefix: 'SGL',
    category: COFFEE,
    brand: 'Bondi Bean Roasters',
    supplier: 'Pacific Coffee Traders',
    unit: 'Bag',
    isGstFree: true,
    isPremium: true,
    description: 'Small-lot single origin, light roast for filter and espresso.',
    names: 'Ethiopia Yirgacheffe; Colombia Huila; Guatemala Antigua; Kenya AA',
    sizes: { '1kg': 5200, '250g': 1650 },
  },
  {
    skuPrefix: 'TEA',
    category: 'Coffee & Tea/Tea',
    brand: 'Tasman Tea Co.',
    supplier: 'Pacific Coffee Traders',
    unit: 'Pack',
    isGstFree: true,
    description: 'Individually enveloped tea bags for the counter.',
    names: 'English Breakfast Tea Bags; Earl Grey Tea Bags; Peppermint Tea Bags; Chamomile Tea Bags',
    sizes: { 'x 100': 1250, 'x 500': 4900 },
  },
  {
    skuPrefix: 'TLF',
    category: 'Coffee & Tea/Tea',
    brand: 'Tasman Tea Co.',
    supplier: 'Pacific Coffee Traders',
    unit: 'Bag',
    isGstFree: true,
    description: 'Loose-leaf tea for pots and infusers.',
    names:
      'English Breakfast Loose Leaf; Earl Grey Loose Leaf; Sencha Green Loose Leaf; Chai Spice Loose Leaf',
    sizes: { '500g': 2400, '1kg': 4400 },
  },
  {
    skuPrefix: 'PWD',
    category: 'Coffee & Tea/Drinking Powders',
    brand: 'Golden Wattle',
    supplier: 'Pacific Coffee Traders',
    unit: 'Bag',
    description: 'Café-grade powder; mixes with steamed milk.',
    names: 'Drinking Chocolate; Vanilla Chai Powder; Spiced Chai Powder; Matcha Latte Powder; Turmeric Latte',
    sizes: { '1kg': 1900, '2kg': 3600 },
  },
  {
    skuPrefix: 'MLK',
    category: 'Dairy & Alternatives/Milk',
    brand: 'Coastal Creamery',
    supplier: 'Metro Dairy Distributors',
    unit: 'Bottle',
    isGstFree: true,
    minOrderQuantity: 6,
    description: 'Fresh NSW milk, delivered chilled; order by 2 pm for next-day delivery.',
    names: 'Full Cream Milk; Lite Milk; Skim Milk; Barista Milk; Lactose Free Milk',
    sizes: { '2L': 385, '3L': 545 },
  },
  {
    skuPrefix: 'PLT',
    category: 'Dairy & Alternatives/Plant Milk',
    brand: 'Oat & Co.',
    supplier: 'Metro Dairy Distributors',
    unit: CARTON,
    isGstFree: true,
    description: 'Barista edition: stretches and pours like dairy.',
    names: 'Barista Oat Milk; Barista Almond Milk; Barista Soy Milk; Coconut Milk Drink; Macadamia Milk',
    sizes: { '1L': 395, '1L x 12': 4390 },
  },
  {
    skuPrefix: 'CRM',
    category: 'Dairy & Alternatives/Cream & Yoghurt',
    brand: 'Coastal Creamery',
    supplier: 'Metro Dairy Distributors',
    unit: 'Each',
    isGstFree: true,
    description: 'Keep refrigerated below 4 °C.',
    names: 'Thickened Cream; Pure Cream; Sour Cream; Greek Yoghurt; Natural Yoghurt',
    sizes: { '1L': 690, '2L': 1290 },
  },
  {
    skuPrefix: 'CHS',
    category: 'Dairy & Alternatives/Cheese & Butter',
    brand: 'Coastal Creamery',
    supplier: 'Metro Dairy Distributors',
    unit: 'Kilogram',
    isGstFree: true,
    description: 'Food-service block or bag.',
    names: 'Salted Butter; Unsalted Butter; Tasty Cheese; Shredded Mozzarella; Grated Parmesan; Feta',
    sizes: { '1kg': 1490, '2kg': 2790 },
  },
  {
    skuPrefix: 'BRD',
    category: 'Bakery/Bread',
    brand: 'Bakehouse Lane',
    supplier: 'Flemington Fresh Produce',
    unit: 'Each',
    isGstFree: true,
    hasBarcode: false,
    description: 'Baked overnight, delivered before 7 am.',
    names:
      'Sourdough Loaf 800g; Wholemeal Loaf 700g; Multigrain Loaf 700g; Rye Loaf 750g; Turkish Bread Slab; Brioche Buns x 6; Ciabatta Rolls x 6; Gluten Free Loaf 500g',
    sizes: { '': 650 },
  },
  {
    skuPrefix: 'PST',
    category: 'Bakery/Pastries & Cakes',
    brand: 'Bakehouse Lane',
    supplier: 'Flemington Fresh Produce',
    unit: 'Pack',
    hasBarcode: false,
    description: 'Frozen, bake-off at 180 °C for 18 minutes.',
    names:
      'Butter Croissants; Almond Croissants; Pain au Chocolat; Blueberry Muffins; Banana Bread Slices; Chocolate Brownies; Portuguese Tarts; Cinnamon Scrolls; Carrot Cake Slices',
    sizes: { 'x 12': 1890 },
  },
  {
    skuPrefix: 'SYR',
    category: 'Syrups & Sauces/Coffee Syrups',
    brand: 'Southern Cross Syrups',
    supplier: 'Pacific Coffee Traders',
    unit: 'Bottle',
    description: 'Glass bottle; fits a standard syrup pump.',
    names:
      'Vanilla Syrup; Caramel Syrup; Hazelnut Syrup; Salted Caramel Syrup; Gingerbread Syrup; Coconut Syrup; Sugar Free Vanilla Syrup',
    sizes: { '750ml': 1290, '1L': 1590 },
  },
  {
    skuPrefix: 'SCE',
    category: 'Syrups & Sauces/Sauces & Toppings',
    brand: 'Southern Cross Syrups',
    supplier: 'Pacific Coffee Traders',
    unit: 'Bottle',
    isGstFree: true,
    description: 'Squeeze bottle for the pass.',
    names:
      'Tomato Sauce; BBQ Sauce; Whole Egg Mayonnaise; Garlic Aioli; Sweet Chilli Sauce; Worcestershire Sauce',
    sizes: { '2L': 990, '4L': 1790 },
  },
  {
    skuPrefix: 'SFT',
    category: 'Beverages/Soft Drinks',
    brand: 'Sparkle Beverage Co.',
    supplier: 'Allied Packaging Supplies',
    unit: CARTON,
    description: 'Chilled-fridge range.',
    names: 'Lemonade; Cola; Ginger Beer; Lemon Lime & Bitters; Sparkling Mineral Water',
    sizes: { '375ml x 24': 2890, '1.25L x 12': 2490 },
  },
  {
    skuPrefix: 'JCE',
    category: 'Beverages/Juices',
    brand: 'Outback Orchard',
    supplier: 'Metro Dairy Distributors',
    unit: CARTON,
    isGstFree: true,
    description: '100 % juice, no added sugar.',
    names: 'Orange Juice; Apple Juice; Cloudy Apple Juice; Pineapple Juice; Tropical Juice',
    sizes: { '2L x 6': 2990, '300ml x 24': 3490 },
  },
  {
    skuPrefix: 'WTR',
    category: 'Beverages/Water',
    brand: 'Sparkle Beverage Co.',
    supplier: 'Allied Packaging Supplies',
    unit: CARTON,
    isGstFree: true,
    description: 'Australian spring water.',
    names: 'Still Spring Water',
    sizes: { '600ml x 24': 1890, '1.5L x 12': 1690 },
  },
  {
    skuPrefix: 'FRU',
    category: 'Fresh Produce/Fruit',
    brand: null,
    supplier: 'Flemington Fresh Produce',
    unit: 'Kilogram',
    isGstFree: true,
    hasBarcode: false,
    description: 'Market-fresh, priced per kilogram; weights vary by delivery.',
    names: 'Bananas; Hass Avocados; Lemons; Limes; Strawberries; Navel Oranges; Blueberries',
    sizes: { '1kg': 590 },
  },
  {
    skuPrefix: 'VEG',
    category: 'Fresh Produce/Vegetables & Salad',
    brand: null,
    supplier: 'Flemington Fresh Produce',
    unit: 'Kilogram',
    isGstFree: true,
    hasBarcode: false,
    description: 'Market-fresh, priced per kilogram; weights vary by delivery.',
    names: 'Baby Spinach; Rocket; Roma Tomatoes; Cherry Tomatoes; Red Onions; Cup Mushrooms; Mixed Leaves',
    sizes: { '1kg': 690 },
  },
  {
    skuPrefix: 'SUG',
    category: 'Pantry/Sugar & Sweeteners',
    brand: 'Golden Wattle',
    supplier: 'Pacific Coffee Traders',
    unit: CARTON,
    isGstFree: true,
    description: 'Portion-controlled for the condiment station.',
    names: 'White Sugar Sticks x 2000; Raw Sugar Sticks x 2000; Caster Sugar 2kg; Honey Portions x 48',
    sizes: { '': 2290 },
  },
  {
    skuPrefix: 'DRY',
    category: 'Pantry/Dry Goods & Oils',
    brand: 'Golden Wattle',
    supplier: 'Flemington Fresh Produce',
    unit: 'Each',
    isGstFree: true,
    description: 'Kitchen staple in food-service size.',
    names:
      'Extra Virgin Olive Oil 4L; Canola Oil 4L; Plain Flour 12.5kg; Arborio Rice 5kg; Rolled Oats 5kg; Penne Pasta 5kg; Spaghetti 5kg',
    sizes: { '': 2490 },
  },
  {
    skuPrefix: 'CUP',
    category: 'Packaging & Takeaway/Cups & Lids',
    brand: 'EcoServe',
    supplier: 'Allied Packaging Supplies',
    unit: CARTON,
    description: 'Certified compostable lining; lids sold separately.',
    names: 'Double Wall Coffee Cups; Single Wall Coffee Cups; Compostable Coffee Cups; Sip Lids',
    sizes: { '8oz x 500': 5490, '12oz x 500': 6290, '16oz x 500': 6990 },
  },
  {
    skuPrefix: 'PKG',
    category: 'Packaging & Takeaway/Containers & Bags',
    brand: 'EcoServe',
    supplier: 'Allied Packaging Supplies',
    unit: CARTON,
    description: 'Takeaway packaging, sold by the carton.',
    names:
      'Kraft Takeaway Boxes Small; Kraft Takeaway Boxes Large; Clear Salad Bowls 750ml; Sandwich Wedges; Paper Bags Small; Paper Bags Large; Wooden Cutlery Sets; Paper Straws; Dinner Napkins 2 Ply',
    sizes: { 'x 500': 4590 },
  },
  {
    skuPrefix: 'CLN',
    category: 'Cleaning & Hygiene',
    brand: 'Crystal Clean',
    supplier: 'Hygiene Direct',
    unit: 'Each',
    description: 'Commercial strength; read the safety data sheet before use.',
    names:
      'Espresso Machine Cleaner 1kg; Milk Frother Cleaner 1L; Dishwashing Liquid 5L; Sanitiser Spray 5L; Hand Wash 5L; Glass Cleaner 5L; Floor Cleaner 5L; Nitrile Gloves Medium x 100; Nitrile Gloves Large x 100; Bin Liners 120L x 200; Paper Towel Rolls x 16; Cleaning Cloths x 50',
    sizes: { '': 1990 },
  },
];
