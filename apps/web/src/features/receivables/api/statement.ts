import { useMutation } from '@tanstack/react-query';
import { getCustomerStatement, type PeriodChoice } from '@tradeport/contract';
import { request } from '#lib/api-client.ts';
import { saveFile } from '#lib/save-file.ts';
import { useOrganisationId } from '#lib/use-organisation-id.ts';

/** What the dialog names the download after: the customer and the period's days when it has them. */
export function statementFilename(customerName: string, period: PeriodChoice): string {
  const slug =
    customerName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'customer';
  const when =
    period.from && period.to
      ? `${period.from}-to-${period.to}`
      : (period.period ?? 'this-month').toLowerCase().replaceAll('_', '-');
  return `statement-${slug}-${when}.pdf`;
}

export type StatementRequest = {
  merchantId: string;
  /** The customer organisation (not its account id). */
  customerOrganisationId: string;
  customerName: string;
  period: PeriodChoice;
};

/**
 * Downloads a customer's statement PDF for a period: the merchant's for any customer, a customer
 * organisation's its own. A refusal the dialog shows on its fields (a period with too many
 * entries) is passed to `handledErrorCodes` there rather than toasted.
 */
export function useDownloadStatement(options: { handledErrorCodes: readonly string[] }) {
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: async (input: StatementRequest) => {
      if (!organisationId) throw new Error('No organisation is chosen');
      const blob = await request(getCustomerStatement, {
        params: { id: input.merchantId, cid: input.customerOrganisationId },
        query: input.period,
        organisationId,
        handledErrorCodes: options.handledErrorCodes,
      });
      saveFile({ blob, filename: statementFilename(input.customerName, input.period) });
    },
  });
}
