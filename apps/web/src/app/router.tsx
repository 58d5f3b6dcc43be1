import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { SignInScreen } from '#features/auth/screens/sign-in-screen.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { type AppRoute, ROUTES, type RouteArea, type RoutePattern } from '#lib/routes.ts';

// Everything behind these is a separate chunk, so /sign-in loads no shell code and no other screen,
// and the guard (with the session refresh, hence the contract and zod) loads only for guarded routes.
const RequireSession = lazyScreen(() => import('./guards/require-session.tsx').then((m) => m.RequireSession));
const QueryLayout = lazyScreen(() => import('./layout/query-layout.tsx').then((m) => m.QueryLayout));
const AppShellLayout = lazyScreen(() =>
  import('./layout/app-shell-layout.tsx').then((m) => m.AppShellLayout),
);
const NotFoundPage = lazyScreen(() => import('./pages/not-found-page.tsx').then((m) => m.NotFoundPage));

/** Every route's screen: a route added to the table does not compile until its screen is here. */
const SCREENS: Record<RoutePattern, ComponentType | LazyExoticComponent<ComponentType>> = {
  '/': lazyScreen(() => import('./pages/home-page.tsx').then((m) => m.HomePage)),
  // In the entry: the front door must be on screen as soon as the page has loaded.
  '/sign-in': SignInScreen,
  '/sign-in/reset-password': lazyScreen(() =>
    import('#features/auth/screens/reset-password-screen.tsx').then((m) => m.ResetPasswordScreen),
  ),
  '/sign-in/reset-password/verify': lazyScreen(() =>
    import('#features/auth/screens/reset-password-verify-screen.tsx').then(
      (m) => m.ResetPasswordVerifyScreen,
    ),
  ),
  '/sign-up': lazyScreen(() =>
    import('#features/auth/screens/sign-up-screen.tsx').then((m) => m.SignUpScreen),
  ),
  '/sign-up/verify-email': lazyScreen(() =>
    import('#features/auth/screens/verify-email-screen.tsx').then((m) => m.VerifyEmailScreen),
  ),
  '/sign-up-organisation': lazyScreen(() =>
    import('#features/organisations/screens/sign-up-organisation-screen.tsx').then(
      (m) => m.SignUpOrganisationScreen,
    ),
  ),
  '/sign-up-products': lazyScreen(() =>
    import('#features/products/screens/sign-up-products-screen.tsx').then((m) => m.SignUpProductsScreen),
  ),
  '/sign-up-payment': lazyScreen(() =>
    import('#features/billing/screens/sign-up-payment-screen.tsx').then((m) => m.SignUpPaymentScreen),
  ),
  '/onboarding': lazyScreen(() => import('./pages/onboarding-page.tsx').then((m) => m.OnboardingPage)),
  '/logout': lazyScreen(() => import('#features/auth/screens/logout-screen.tsx').then((m) => m.LogoutScreen)),
  '/user/account': lazyScreen(() =>
    import('#features/account/screens/account-screen.tsx').then((m) => m.AccountScreen),
  ),
  '/user/invitations': lazyScreen(() =>
    import('#features/people/screens/my-invitations-screen.tsx').then((m) => m.MyInvitationsScreen),
  ),
  '/organisations/details': lazyScreen(() =>
    import('./pages/organisation-details-page.tsx').then((m) => m.OrganisationDetailsPage),
  ),
  '/orders/create': lazyScreen(() =>
    import('#features/ordering/screens/create-order-screen.tsx').then((m) => m.CreateOrderScreen),
  ),
  '/delivery': lazyScreen(() =>
    import('#features/delivery/screens/delivery-screen.tsx').then((m) => m.DeliveryScreen),
  ),
  '/customers': lazyScreen(() =>
    import('#features/customers/screens/customers-screen.tsx').then((m) => m.CustomersScreen),
  ),
  '/customers/:customerId': lazyScreen(() =>
    import('#features/customers/screens/customer-detail-screen.tsx').then((m) => m.CustomerDetailScreen),
  ),
  '/orders': lazyScreen(() =>
    import('#features/orders/screens/orders-screen.tsx').then((m) => m.OrdersScreen),
  ),
  '/orders/:orderId': lazyScreen(() =>
    import('#features/orders/screens/order-screen.tsx').then((m) => m.OrderScreen),
  ),
  '/payments': lazyScreen(() =>
    import('#features/payments/screens/payments-screen.tsx').then((m) => m.PaymentsScreen),
  ),
  '/payments/credits': lazyScreen(() =>
    import('#features/payments/screens/credits-screen.tsx').then((m) => m.CreditsScreen),
  ),
  '/brands': lazyScreen(() =>
    import('#features/catalogue-taxonomy/screens/taxonomy-screens.tsx').then((m) => m.BrandsScreen),
  ),
  '/suppliers': lazyScreen(() =>
    import('#features/catalogue-taxonomy/screens/taxonomy-screens.tsx').then((m) => m.SuppliersScreen),
  ),
  '/uoms': lazyScreen(() =>
    import('#features/catalogue-taxonomy/screens/taxonomy-screens.tsx').then((m) => m.UnitsOfMeasureScreen),
  ),
  '/categories': lazyScreen(() =>
    import('#features/catalogue-taxonomy/screens/taxonomy-screens.tsx').then((m) => m.CategoriesScreen),
  ),
  '/products': lazyScreen(() =>
    import('#features/products/screens/products-screen.tsx').then((m) => m.ProductsScreen),
  ),
  '/products/create': lazyScreen(() =>
    import('#features/products/screens/create-product-screen.tsx').then((m) => m.CreateProductScreen),
  ),
  '/products/:productId': lazyScreen(() =>
    import('#features/products/screens/product-detail-screen.tsx').then((m) => m.ProductDetailScreen),
  ),
  '/pricing': lazyScreen(() =>
    import('#features/pricing/screens/pricing-tiers-screen.tsx').then((m) => m.PricingTiersScreen),
  ),
  '/pricing/:tierId': lazyScreen(() =>
    import('#features/pricing/screens/pricing-tier-screen.tsx').then((m) => m.PricingTierScreen),
  ),
  '/visibility': lazyScreen(() =>
    import('#features/visibility/screens/visibility-groups-screen.tsx').then((m) => m.VisibilityGroupsScreen),
  ),
  '/visibility/:groupId': lazyScreen(() =>
    import('#features/visibility/screens/visibility-group-screen.tsx').then((m) => m.VisibilityGroupScreen),
  ),
  '/taxes': lazyScreen(() => import('#features/taxes/screens/taxes-screen.tsx').then((m) => m.TaxesScreen)),
  '/payments/overview': lazyScreen(() =>
    import('#features/receivables/screens/payments-overview-screen.tsx').then(
      (m) => m.PaymentsOverviewScreen,
    ),
  ),
  '/payments/outstanding': lazyScreen(() =>
    import('#features/receivables/screens/outstanding-screen.tsx').then((m) => m.OutstandingScreen),
  ),
  '/payments/customers': lazyScreen(() =>
    import('#features/receivables/screens/customer-accounts-screen.tsx').then(
      (m) => m.CustomerAccountsScreen,
    ),
  ),
  '/reports': lazyScreen(() =>
    import('#features/reports/screens/reports-screen.tsx').then((m) => m.ReportsScreen),
  ),
  '/organisations/billing': lazyScreen(() =>
    import('#features/billing/screens/billing-screen.tsx').then((m) => m.BillingScreen),
  ),
  '/xero/settings': lazyScreen(() =>
    import('#features/accounting/screens/accounting-settings-screen.tsx').then((m) => m.XeroSettingsScreen),
  ),
  '/quickbooks/settings': lazyScreen(() =>
    import('#features/accounting/screens/accounting-settings-screen.tsx').then(
      (m) => m.QuickBooksSettingsScreen,
    ),
  ),
  '/myob/settings': lazyScreen(() =>
    import('#features/accounting/screens/accounting-settings-screen.tsx').then((m) => m.MyobSettingsScreen),
  ),
  '/stripe/settings': lazyScreen(() =>
    import('#features/card-payments/screens/stripe-settings-screen.tsx').then((m) => m.StripeSettingsScreen),
  ),
  '/pay/:token': lazyScreen(() =>
    import('#features/card-payments/screens/pay-link-screen.tsx').then((m) => m.PayLinkScreen),
  ),
  '/support': lazyScreen(() =>
    import('#features/support/screens/support-screen.tsx').then((m) => m.SupportScreen),
  ),
};

function elementFor(route: AppRoute): ReactNode {
  const Screen = SCREENS[route.path];
  return <Screen />;
}

function routesOf(area: RouteArea, filter: (route: AppRoute) => boolean = () => true): RouteObject[] {
  return ROUTES.filter((route) => route.area === area && filter(route)).map((route) => ({
    path: route.path,
    element: elementFor(route),
  }));
}

const isSignIn = (route: AppRoute) => route.path === '/sign-in';

/**
 * SPEC §2: auth routes outside the shell and unguarded; sign-up steps guarded without the menu;
 * public pages (a payment link's) unguarded and outside the shell too.
 * /sign-in stays outside the query cache too, so its first load carries none of it.
 * A screen that throws shows RouteErrorPage: inside the shell when it is a shell screen, so the menu
 * stays usable, and on its own page otherwise. In the entry chunk, since it must show when loading
 * a chunk is what failed.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...routesOf('auth', isSignIn),
      {
        element: <QueryLayout />,
        children: [
          ...routesOf('auth', (route) => !isSignIn(route)),
          ...routesOf('public'),
          {
            element: <RequireSession />,
            children: [
              ...routesOf('onboarding'),
              {
                element: <AppShellLayout />,
                children: [
                  {
                    errorElement: <RouteErrorPage />,
                    children: [...routesOf('app'), { path: '*', element: <NotFoundPage /> }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
