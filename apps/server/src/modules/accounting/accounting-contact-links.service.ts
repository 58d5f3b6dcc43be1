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
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import {
  type BooksSession,
  createBooksSessions,
  findInPages,
  inBooks,
  readAllPages,
  toAccountingLink,
} from './accounting-books.ts';
import { suggestContacts } from './accounting-link-matching.ts';
import {
  customerLinkCounts,
  customerLinkPage,
  customersByIds,
  unlinkedCustomers,
} from './accounting-link-records.queries.ts';
import { deleteLink, findLinks, insertLinks, linksToExternal, saveLink } from './accounting-links.queries.ts';
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
  const openBooks = createBooksSessions(deps);
  const scopeOf = (options: InBooks) => ({ ...options, kind: 'CONTACT' as const });

  /** The books' active contacts no customer is linked to, and whether there were more to read. */
  async function freeContacts(options: InBooks & { books: BooksSession }) {
    const { client, call } = options.books;
    const { records, isTruncated } = await readAllPages((page) => client.listContacts(call, { page }));
    const taken = await linksToExternal(db, {
      ...scopeOf(options),
      externalIds: records.map((contact) => contact.id),
    });
    return { contacts: records.filter((contact) => !taken.has(contact.id)), isTruncated };
  }

  async function suggestionsFor(options: InBooks & { books: BooksSession }) {
    const { contacts, isTruncated } = await freeContacts(options);
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

  async function stateOf(options: InBooks & { customerId: string }): Promise<AccountingLinkState> {
    const [row] = await findLinks(db, { ...scopeOf(options), localIds: [options.customerId] });
    return { id: options.customerId, link: row ? toAccountingLink(row) : null };
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
      const { merchantId, provider, customerId, externalId } = options;
      await linkableCustomers(merchantId, [customerId]);
      const holder = (await linksToExternal(db, { ...scopeOf(options), externalIds: [externalId] })).get(
        externalId,
      );
      if (holder === customerId) return stateOf(options);
      if (holder) throw conflict('That contact is linked to another customer. Unlink it there first.');
      const contact = await inBooks(provider, undefined, async () => {
        const { client, call } = await openBooks(merchantId, provider);
        return findInPages(
          (page) => client.listContacts(call, { page }),
          (candidate) => candidate.id.toLowerCase() === externalId.toLowerCase(),
        );
      });
      if (!contact) {
        const message = 'Choose one of the active contacts in the books.';
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'external_id', message }]);
      }
      const saved = await saveLink(db, {
        ...scopeOf(options),
        localId: customerId,
        externalId: contact.id,
        externalName: contact.name,
        userId: options.userId,
        now: deps.now(),
      });
      if (saved === 'taken')
        throw conflict('That contact is linked to another customer. Unlink it there first.');
      return stateOf(options);
    },

    async unlink(options: InBooks & { customerId: string }): Promise<AccountingLinkState> {
      const [customer] = await customersByIds(db, {
        merchantId: options.merchantId,
        ids: [options.customerId],
      });
      if (!customer) throw notFound('Customer');
      await deleteLink(db, { ...scopeOf(options), localId: options.customerId });
      return { id: options.customerId, link: null };
    },
  };
}
