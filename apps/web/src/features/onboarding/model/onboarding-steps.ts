import type { OnboardingStep } from '@tradeport/contract';
import { routePath } from '#lib/routes.ts';

export type StepLink = { label: string; to: string };

export type StepCopy = {
  title: string;
  /** What it is for, in the merchant's terms. */
  why: string;
  /** The ways to do it; the first is the main one. */
  links: [StepLink, ...StepLink[]];
};

type StepPath =
  | '/organisations/details'
  | '/products/create'
  | '/sign-up-products'
  | '/customers'
  | '/delivery'
  | '/stripe/settings'
  | '/organisations/billing';

const link = (label: string, path: StepPath): StepLink => ({ label, to: routePath(path) });

/** Each checklist step's words and where to do it. */
export const STEP_COPY: Record<OnboardingStep, StepCopy> = {
  DETAILS: {
    title: 'Add your business details and logo',
    why: 'Your ABN and address go on every tax invoice; your logo heads your ordering portal.',
    links: [link('Edit details', '/organisations/details')],
  },
  PRODUCT: {
    title: 'Add your first product',
    why: 'What your customers can order, at your prices.',
    links: [link('Add a product', '/products/create'), link('Import a CSV', '/sign-up-products')],
  },
  CUSTOMER: {
    title: 'Add your first customer',
    why: 'A café, restaurant or shop that orders from you, with its payment terms.',
    links: [link('Add a customer', '/customers')],
  },
  DELIVERY: {
    title: 'Set up delivery or pick-up',
    why: 'When and how orders reach your customers, and what that costs them.',
    links: [link('Set up delivery', '/delivery')],
  },
  PAYMENTS: {
    title: 'Set up how you are paid',
    why: 'Take card payments through Stripe, or print your bank account on invoices for bank transfers.',
    links: [link('Connect Stripe', '/stripe/settings'), link('Add a bank account', '/organisations/details')],
  },
  COLLEAGUE: {
    title: 'Invite a colleague',
    why: 'Share the work: people who take orders, pack them or chase payments.',
    links: [link('Invite someone', '/organisations/details')],
  },
  PLAN: {
    title: 'Choose your plan',
    why: 'Keep Tradeport running after your free trial.',
    links: [link('Choose a plan', '/organisations/billing')],
  },
};
