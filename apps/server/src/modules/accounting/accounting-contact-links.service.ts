import type {
  AccountingLinkState,
  AccountingProvider,
  BooksContact,
  CustomerLinks,
  CustomerLinksInput,
  LinksChanged,
} from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { ProviderContact } from '../../integrations/accounting/accounting-provider.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { type BooksSession, inBooks, toAccountingLink } from './accounting-books.ts';
import { createKindLinks } from './accounting-kind-links.ts';
import { suggestContacts } from './accounting-link-matching.ts';
import {
  customerLinkCounts,
  customerLinkPage,
  customersByIds,
  unlinkedCustomers,
} from './accounting-link-records.queries.ts';
import { insertLinks } from './accounting-links.queries.ts';
import { ensureContacts } from './accounting-links.service.ts';

// The customers ↔ contacts screen (SPEC §7 {provider}/organisation/{id}/customers): both sides,
// suggestions, linking one by one, linking every suggestion, and making the missing contacts.
// Merchant Admins only (the routes say so). A customer is always looked up before the books are
// called, so another merchant's id is a 404 whatever the connection's state.

type Deps = Pick<AppDeps, 'database' | 'config' | 'accounting' | 'now' | 'jobs'>;

/**
 * Most unlinked customers automatic matching considers at once, by name: their four columns are
 * read whole to pair each contact with one customer at most. Beyond it, the rest are suggested
 * once these are linked.
 */
export const MAX_MATCHED_CUSTOMERS = 10_000;

const toBooksContact = (contact: ProviderContact): BooksContact => ({
  id: contact.id,
  name: contact.name,
  email: contact.email,
  tax_number: contact.taxNumber,
});

type InBooks = { merchantId: string; provider: AccountingProvider };

export function createContactLinks(deps: Deps) {
  const { db } = deps.database;
  const contactLinks = createKindLinks(deps, {
    kind: 'CONTACT',
    readPage: ({ client, call }, page) => client.listContacts(call, { page }),
    nameOfBook: (contact) => contact.name,
    takenMessage: 'That contact is linked to another customer. Unlink it there first.',
    notInBooksMessage: 'Choose one of the active contacts in the books.',
  });
  const { openBooks, scopeOf } = contactLinks;

  async function suggestionsFor(options: InBooks & { books: BooksSession }) {
    // The books' active contacts no customer is linked to.
    const { records: contacts, isTruncated } = await contactLinks.freeBookRecords(options);
    const customers = await unlinkedCustomers(db, { ...options, max: MAX_MATCHED_CUSTOMERS });
    return { contacts, isTruncated, suggestions: suggestContacts(customers, contacts) };
  }

  /** The merchant's customer that may be linked: NOT_FOUND for another's, CONFLICT for the house account or an archived one. */
  async function linkableCustomers(merchantId: string, ids: readonly string[]) {
    const customers = await customersByIds(db, { merchantId, ids });
    if (customers.length < new Set(ids).size) throw notFound('Customer');
    const house = customers.find((customer) => customer.isHouseAccount);
    if (house) throw conflict('The house account is the merchant’s own: it is not linked to a contact.');
    const archived = customers.find((customer) => customer.isArchived);
    if (archived) throw conflict(`${archived.name} is archived: restore it to link it.`);
    return customers;
  }

  return {
    async list(options: InBooks & { limit: number; cursor?: string }): Promise<CustomerLinks> {
      const { merchantId, provider } = options;
      const { contacts, isTruncated, suggestions } = await inBooks(provider, undefined, async () =>
        suggestionsFor({ merchantId, provider, books: await openBooks(merchantId, provider) }),
      );
      const page = await customerLinkPage(db, options);
      const counts = await customerLinkCounts(db, { merchantId, provider });
      return {
        items: page.items.map((customer) => {
          const suggestion = customer.link ? undefined : suggestions.get(customer.id);
          return {
            customer: { id: customer.id, name: customer.name, abn: customer.abn, email: customer.email },
            link: customer.link ? toAccountingLink(customer.link) : null,
            suggestion: suggestion
              ? { contact: toBooksContact(suggestion.contact), reason: suggestion.reason }
              : null,
          };
        }),
        next_cursor: page.nextCursor,
        unlinked_contacts: contacts.map(toBooksContact),
        is_truncated: isTruncated,
        counts: { ...counts, suggested: suggestions.size },
      };
    },

    async change(options: InBooks & { userId: string; input: CustomerLinksInput }): Promise<LinksChanged> {
      const { merchantId, provider, userId, input } = options;
      if (input.action === 'CREATE') {
        const customers = await linkableCustomers(merchantId, input.customer_ids);
        const { linked, created } = await inBooks(provider, 'customer_ids', async () => {
          const { client, call } = await openBooks(merchantId, provider);
          return ensureContacts({
            books: { db, merchantId, provider, directory: client, call },
            customers,
            userId,
            now: deps.now(),
          });
        });
        return { linked, created };
      }
      const { suggestions } = await inBooks(provider, undefined, async () =>
        suggestionsFor({ merchantId, provider, books: await openBooks(merchantId, provider) }),
      );
      const linked = await insertLinks(db, {
        ...scopeOf(options),
        links: [...suggestions].map(([customerId, { contact }]) => ({
          localId: customerId,
          externalId: contact.id,
          externalName: contact.name,
        })),
        userId,
        now: deps.now(),
      });
      return { linked: linked.length, created: 0 };
    },

    async link(
      options: InBooks & { userId: string; customerId: string; externalId: string },
    ): Promise<AccountingLinkState> {
      await linkableCustomers(options.merchantId, [options.customerId]);
      return contactLinks.link({ ...options, localId: options.customerId });
    },

    async unlink(options: InBooks & { customerId: string }): Promise<AccountingLinkState> {
      const [customer] = await customersByIds(db, {
        merchantId: options.merchantId,
        ids: [options.customerId],
      });
      if (!customer) throw notFound('Customer');
      return contactLinks.unlink({ ...options, localId: options.customerId });
    },
  };
}
