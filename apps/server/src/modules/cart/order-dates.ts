import { addDays, dateInZone } from '@tradeport/contract';

/** When an order placed at `placedAt` falls due: its terms in days from the placing date in the merchant's zone. */
export const dueDate = (options: { placedAt: Date; timeZone: string; paymentTermsDays: number }) =>
  addDays(dateInZone(options.placedAt, options.timeZone), options.paymentTermsDays);
