import {
  exportAgingReport,
  exportGstReport,
  exportPaymentsReport,
  exportSalesReport,
  getAgingReport,
  getGstReport,
  getMerchantHome,
  getPaymentsReport,
  getSalesReport,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerDownload, registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createMerchantHome } from './merchant-home.service.ts';
import { agingCsv, gstCsv, paymentsCsv, salesCsv } from './report-csv.ts';
import { createReports } from './reports.service.ts';

/**
 * The merchant's home and reports (a customer organisation's member gets 403 on its own id,
 * another merchant's id is 404). The membership check reads the merchant's row: its time zone,
 * whose days every figure is in, costs no round trip of its own.
 */
export function reportsRoutes(app: FastifyInstance, deps: AppDeps) {
  const home = createMerchantHome(deps);
  const reports = createReports(deps);
  const merchant = access.merchantReadingOrganisation({ org: 'id' });
  const of = (actor: { organisationId: string; organisation: { timeZone: string } }) => ({
    id: actor.organisationId,
    timeZone: actor.organisation.timeZone,
  });

  registerEndpoint(app, getMerchantHome, {
    access: merchant,
    handler: async ({ actor }) => home.get(of(actor)),
  });

  registerEndpoint(app, getSalesReport, {
    access: merchant,
    handler: async ({ actor, query }) => reports.sales(of(actor), query),
  });

  registerDownload(app, exportSalesReport, {
    access: merchant,
    filename: ({ query }) => `sales-by-${query.group_by}.csv`,
    handler: async ({ actor, query }) => {
      const { rows, totals } = await reports.allSalesRows(of(actor), query);
      return salesCsv(rows, totals);
    },
  });

  registerEndpoint(app, getGstReport, {
    access: merchant,
    handler: async ({ actor, query }) => reports.gst(of(actor), query),
  });

  registerDownload(app, exportGstReport, {
    access: merchant,
    filename: 'gst-summary.csv',
    handler: async ({ actor, query }) => gstCsv(await reports.gst(of(actor), query)),
  });

  registerEndpoint(app, getPaymentsReport, {
    access: merchant,
    handler: async ({ actor, query }) => reports.payments(of(actor), query),
  });

  registerDownload(app, exportPaymentsReport, {
    access: merchant,
    filename: 'payments-received.csv',
    handler: async ({ actor, query }) => paymentsCsv(await reports.payments(of(actor), query)),
  });

  registerEndpoint(app, getAgingReport, {
    access: merchant,
    handler: async ({ actor }) => reports.aging(of(actor)),
  });

  registerDownload(app, exportAgingReport, {
    access: merchant,
    filename: 'receivables-aging.csv',
    handler: async ({ actor }) => agingCsv(await reports.aging(of(actor))),
  });
}
