import type { AccountingLinkState, AccountingProvider } from '@tradeport/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { BooksPage } from '../../integrations/accounting/accounting-provider.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import {
  type BooksSession,
  createBooksSessions,
  findInPages,
  inBooks,
  readAllPages,
  toAccountingLink,
} from './accounting-books.ts';
import { deleteLink, findLinks, linksToExternal, saveLink } from './accounting-links.queries.ts';

// What the customers ↔ contacts and products ↔ items screens share, for one kind of link: the
// book records no record is linked to, a record's link, and linking one record by hand to a book
// record found in the pages (409 when another record holds it, 400 when the books do not have it).
// The caller checks the local record is the merchant's and linkable before any of these.

type Deps = Pick<AppDeps, 'database' | 'config' | 'accounting' | 'now' | 'jobs'>;
type InBooks = { merchantId: string; provider: AccountingProvider };

export type LinkKindOptions<B extends { id: string }> = {
  kind: 'CONTACT' | 'ITEM';
  /** One page of the kind's book records. */
  readPage: (books: BooksSession, page: number) => Promise<BooksPage<B>>;
  /** What a link keeps as the book record's name (a contact's name, an item's code). */
  nameOfBook: (book: B) => string;
  /** The refusal when the book record is linked to another record. */
  takenMessage: string;
  /** The refusal when the books have no such record. */
  notInBooksMessage: string;
};

export function createKindLinks<B extends { id: string }>(deps: Deps, options: LinkKindOptions<B>) {
  const { db } = deps.database;
  const openBooks = createBooksSessions(deps);
  const scopeOf = (where: InBooks) => ({ ...where, kind: options.kind });

  async function stateOf(where: InBooks & { localId: string }): Promise<AccountingLinkState> {
    const [row] = await findLinks(db, { ...scopeOf(where), localIds: [where.localId] });
    return { id: where.localId, link: row ? toAccountingLink(row) : null };
  }

  return {
    openBooks,
    scopeOf,
    stateOf,

    /** The books' records no record is linked to, and whether there were more to read. */
    async freeBookRecords(where: InBooks & { books: BooksSession }) {
      const { records, isTruncated } = await readAllPages((page) => options.readPage(where.books, page));
      const taken = await linksToExternal(db, {
        ...scopeOf(where),
        externalIds: records.map((book) => book.id),
      });
      return { records: records.filter((book) => !taken.has(book.id)), isTruncated };
    },

    /** Links the record to the book record `externalId` (any case), found in the books' pages. */
    async link(
      where: InBooks & { userId: string; localId: string; externalId: string },
    ): Promise<AccountingLinkState> {
      const { merchantId, provider, localId, externalId } = where;
      const holder = (await linksToExternal(db, { ...scopeOf(where), externalIds: [externalId] })).get(
        externalId,
      );
      if (holder === localId) return stateOf(where);
      if (holder) throw conflict(options.takenMessage);
      const book = await inBooks(provider, undefined, async () => {
        const books = await openBooks(merchantId, provider);
        return findInPages(
          (page) => options.readPage(books, page),
          (candidate) => candidate.id.toLowerCase() === externalId.toLowerCase(),
        );
      });
      if (!book) {
        const message = options.notInBooksMessage;
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'external_id', message }]);
      }
      const saved = await saveLink(db, {
        ...scopeOf(where),
        localId,
        externalId: book.id,
        externalName: options.nameOfBook(book),
        userId: where.userId,
        now: deps.now(),
      });
      if (saved === 'taken') throw conflict(options.takenMessage);
      return stateOf(where);
    },

    async unlink(where: InBooks & { localId: string }): Promise<AccountingLinkState> {
      await deleteLink(db, { ...scopeOf(where), localId: where.localId });
      return { id: where.localId, link: null };
    },
  };
}
