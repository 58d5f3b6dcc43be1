import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accountingRoutes } from './modules/accounting/accounting.routes.ts';
import { accountingLinksRoutes } from './modules/accounting/accounting-links.routes.ts';
import { accountingSyncRoutes } from './modules/accounting/accounting-sync.routes.ts';
import { emailVerificationRoutes } from './modules/account/email-verification.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { creditsRoutes } from './modules/credits/credits.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { catalogueTaxonomyRoutes } from './modules/catalogue-taxonomy/catalogue-taxonomy.routes.ts';
import { customerViewRoutes } from './modules/customer-view/customer-view.routes.ts';
import { customerPortalRoutes } from './modules/customers/customer-portal.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { orderDocumentsRoutes } from './modules/order-documents/order-documents.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { organisationsRoutes } from './modules/organisations/organisations.routes.ts';
import { paymentLinksRoutes } from './modules/payment-links/payment-links.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { receivablesRoutes } from './modules/receivables/receivables.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { cardPaymentsRoutes } from './modules/stripe/card-payments.routes.ts';
import { stripeRoutes } from './modules/stripe/stripe.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { taxesRoutes } from './modules/taxes/taxes.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { visibilityRoutes } from './modules/visibility/visibility.routes.ts';
import { createAuthenticate } from './platform/auth/authenticate.ts';
import { AppError } from './platform/errors.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './platform/http/error-handler.ts';
import { installOpenApi } from './platform/http/openapi.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './platform/http/request-id.ts';
import { installRequestMetrics } from './platform/observability/metrics.ts';
import { installSpa } from './platform/http/spa.ts';
import { prepareAccessQueries } from './platform/tenancy/membership.queries.ts';

export type BuildAppOptions = AppDeps & {
  /** Where the built SPA lives; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Request logging; tests turn it off. */
  logger?: boolean;
  /** An HTTP server already listening (main.ts: the port is taken before start-up's migrations). */
  serverFactory?: FastifyServerFactory;
};

const BODY_LIMIT_BYTES = 1024 * 1024;
const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** A hop count as the function proxy-addr makes of one (Fastify's types leave the number form out). */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Never write credentials to the log.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    bodyLimit: BODY_LIMIT_BYTES,
    // Off unless configured: otherwise any client could name its own address in X-Forwarded-For
    // and so escape the per-address sign-in and password-reset limits.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Our own answer instead (the onRequest hook below), in the {error_code, message} shape.
    return503OnClosing: false,
    // Failures before any route runs answer with the same {error_code, message} body as the rest.
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIdOf,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // Shutting down: requests already being answered finish, new ones (on a kept-alive
    // connection) are turned away with the connection closed, so the client's retry goes to
    // another instance. Nothing has been done for them, so nothing is lost.
    if (options.readiness.stopping) {
      reply.header('connection', 'close').header('retry-after', '1');
      throw new AppError('SERVICE_UNAVAILABLE', 'This server is shutting down; please try again.');
    }
  });
  // A request that was under way when shutdown began closes its connection once answered, so
  // the server's close is not held open by a kept-alive connection.
  app.addHook('onSend', async (_request, reply) => {
    if (options.readiness.stopping) reply.header('connection', 'close');
  });
  installRequestMetrics(app, options.metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('userId', undefined);
  app.decorateRequest('actor', undefined);
  app.decorate('authenticate', createAuthenticate(options.tokens));
  app.decorate('accessQueries', prepareAccessQueries(options.database.db));
  installErrorHandling(app);
  // The API speaks JSON only; anything else is a 415 rather than a string handed to a handler.
  app.removeContentTypeParser('text/plain');

  await app.register(cookie);
  await installOpenApi(app);

  const { webDistDir: _webDistDir, logger: _logger, serverFactory: _serverFactory, ...deps } = options;
  systemRoutes(app, deps);
  authRoutes(app, deps);
  usersRoutes(app, deps);
  accountRoutes(app, deps);
  emailVerificationRoutes(app, deps);
  organisationsRoutes(app, deps);
  billingRoutes(app, deps);
  onboardingRoutes(app, deps);
  accountingRoutes(app, deps);
  accountingLinksRoutes(app, deps);
  accountingSyncRoutes(app, deps);
  peopleRoutes(app, deps);
  customersRoutes(app, deps);
  customerPortalRoutes(app, deps);
  customerViewRoutes(app, deps);
  uploadsRoutes(app, deps);
  catalogueTaxonomyRoutes(app, deps);
  productsRoutes(app, deps);
  pricingRoutes(app, deps);
  visibilityRoutes(app, deps);
  catalogueRoutes(app, deps);
  ordersRoutes(app, deps);
  shippingRoutes(app, deps);
  orderDocumentsRoutes(app, deps);
  taxesRoutes(app, deps);
  cartRoutes(app, deps);
  stripeRoutes(app, deps);
  cardPaymentsRoutes(app, deps);
  paymentLinksRoutes(app, deps);
  paymentsRoutes(app, deps);
  creditsRoutes(app, deps);
  receivablesRoutes(app, deps);
  reportsRoutes(app, deps);

  await installSpa(app, options.webDistDir ?? config.webDistDir ?? DEFAULT_WEB_DIST);
  return app;
}
