import { Alert, Checkbox, type ComboboxItem, Table, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { showSuccessToast } from '#lib/toasts.ts';
import { CardsOrTable } from '#lib/ui/cards-or-table.tsx';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { LoadMoreFooter } from '#lib/ui/load-more-footer.tsx';
import { SectionPanel } from '#lib/ui/section-panel.tsx';
import { useIsPhone } from '#lib/use-is-phone.ts';
import type { AccountingConnection, ServedAccountingProvider } from '@tradeport/contract';
import type { RecordLinks } from '../api/accounting-record-links.ts';
import { createdMessage, type LinksWords, linkedSuggestedMessage } from '../model/link-words.ts';
import { providerWords, refusal } from '../model/provider-words.ts';
import { AccountingSkeleton } from './accounting-states.tsx';
import { NoRecordsYet } from './no-records-yet.tsx';
import { type LinkRowProps, type LinkRowView, RecordLinkCard, RecordLinkRow } from './record-link-row.tsx';
import { type LinkCounts, RecordLinksActions } from './record-links-actions.tsx';

/** One answer's pages as the table shows them, whichever records they are. */
export type RecordLinksView = {
  rows: LinkRowView[];
  /** The books' records linked to nothing, to link by hand. */
  choices: ComboboxItem[];
  counts: LinkCounts;
  isTruncated: boolean;
};

type Page = { next_cursor: string | null };

type PanelProps<P extends Page> = {
  title: string;
  intro: ReactNode;
  words: LinksWords;
  /** The two columns' headings: "Customer", "Xero contact". */
  columns: { record: string; books: string };
  links: RecordLinks<P>;
  toView: (pages: readonly P[]) => RecordLinksView;
  /** What shows when the merchant has none of these records. */
  empty: ReactNode;
};

/** What one kind of links says and reads: customers and contacts, or products and items. */
export type RecordLinksKind<P extends Page> = {
  /** The section's heading, and its empty state's: "Customers". */
  title: string;
  /** The records' column heading: "Customer" (the books' is "Xero contact"). */
  column: string;
  /** How the kind names both sides; the provider's name is added. */
  words: Omit<LinksWords, 'name'>;
  /** What the section says above its table, naming the provider. */
  intro: (name: string) => ReactNode;
  useLinks: (provider: ServedAccountingProvider, tenantId: string | null) => RecordLinks<P>;
  toView: (pages: readonly P[]) => RecordLinksView;
  /** What shows when the merchant has none of these records, and where they are added. */
  empty: { description: string; to: string };
};

// A rejected change has been toasted by the client already (SPEC §8).
const ignore = () => {};

/** A row linked or unlinked starts its picker afresh, from its new suggestion. */
const rowKey = (row: LinkRowView) => `${row.id}:${row.link?.external_id ?? ''}`;

function RecordLinksBody<P extends Page>(props: PanelProps<P> & { view: RecordLinksView }) {
  const { words, links, view, columns } = props;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const isPhone = useIsPhone();
  const free = view.rows.filter((row) => !row.link);
  const chosen = free.filter((row) => selected.has(row.id)).map((row) => row.id);
  const isAllChosen = free.length > 0 && chosen.length === free.length;
  const toggle = (id: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const selectAll = {
    'aria-label': `Select all unlinked ${words.records} shown`,
    checked: isAllChosen,
    indeterminate: chosen.length > 0 && !isAllChosen,
    disabled: free.length === 0,
    onChange: () => setSelected(isAllChosen ? new Set() : new Set(free.map((row) => row.id))),
  };

  const change = links.change;
  const busy = change.isPending ? (change.variables?.action ?? null) : null;
  const linkSuggested = () =>
    change
      .mutateAsync({ action: 'LINK_SUGGESTED' })
      .then((changed) => showSuccessToast(linkedSuggestedMessage(words, changed)), ignore);
  const create = () =>
    change.mutateAsync({ action: 'CREATE', ids: chosen }).then((changed) => {
      showSuccessToast(createdMessage(words, changed));
      setSelected(new Set());
    }, ignore);

  const rowProps = (row: LinkRowView): LinkRowProps => ({
    row,
    words,
    choices: view.choices,
    isSelected: selected.has(row.id),
    onToggle: () => toggle(row.id),
    isChanging: links.changingIds.has(row.id),
    onLink: (choice) =>
      links.link
        .mutateAsync({ id: row.id, externalId: choice.value })
        .then(() => showSuccessToast(`Linked ${row.name} to ${choice.label}`), ignore),
    onUnlink: () =>
      links.unlink
        .mutateAsync({ id: row.id })
        .then(() => showSuccessToast(`Unlinked ${row.name} from ${row.link?.external_name}`), ignore),
  });

  if (view.counts.total === 0) return props.empty;
  return (
    <>
      <RecordLinksActions
        words={words}
        counts={view.counts}
        chosen={chosen.length}
        busy={busy}
        onLinkSuggested={linkSuggested}
        onCreate={create}
      />
      {view.isTruncated && (
        <Alert color="yellow" variant="light" role="status">
          {words.name} has more {words.bookRecords} than Tradeport reads at once: only the first ones were
          read, so some matches may not be suggested or offered here.
        </Alert>
      )}
      {isPhone && <Checkbox {...selectAll} label={`Select all unlinked ${words.records} shown`} />}
      <CardsOrTable
        label={`${columns.record}s and their ${columns.books}s`}
        minWidth={720}
        head={
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox {...selectAll} />
            </Table.Th>
            <Table.Th>{columns.record}</Table.Th>
            <Table.Th>{columns.books}</Table.Th>
            <Table.Th>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        }
        rows={() => view.rows.map((row) => <RecordLinkRow key={rowKey(row)} {...rowProps(row)} />)}
        cards={() => view.rows.map((row) => <RecordLinkCard key={rowKey(row)} {...rowProps(row)} />)}
      />
      <LoadMoreFooter
        query={links.list}
        shown={view.rows.length}
        singular={words.record}
        plural={words.records}
      />
    </>
  );
}

function RecordLinksPanel<P extends Page>(props: PanelProps<P>) {
  const { words, links, toView } = props;
  const { list } = links;
  const pages = list.data?.pages;
  const view = useMemo(() => (pages ? toView(pages) : undefined), [pages, toView]);
  const failed = (message: string) => (
    <LoadFailedAlert
      title={message}
      message={refusal(list.error, `${words.name} could not be reached.`)}
      onRetry={() => void list.refetch()}
    />
  );

  let content;
  if (view) {
    content = (
      <>
        {/* A change went through but its list could not be loaded again: the rows are out of date. */}
        {list.isRefetchError && failed(`We could not load your ${words.records} again`)}
        <RecordLinksBody {...props} view={view} />
      </>
    );
  } else if (list.isError) {
    content = failed(`We could not load your ${words.records} and ${words.name} ${words.bookRecords}`);
  } else {
    content = (
      <AccountingSkeleton label={`Loading your ${words.records} and ${words.name} ${words.bookRecords}`} />
    );
  }
  return (
    <SectionPanel title={props.title}>
      {props.intro}
      {content}
    </SectionPanel>
  );
}

/**
 * A section of the settings once connected: the merchant's customers (products) with what each is
 * linked to in the books or the record suggested for it, linked one by one, every suggestion at
 * once, or made in the books for those ticked.
 */
export function RecordLinksSection<P extends Page>(props: {
  kind: RecordLinksKind<P>;
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
}) {
  const { kind, provider, connection } = props;
  const { name } = providerWords(provider);
  const links = kind.useLinks(provider, connection.tenant?.id ?? null);
  return (
    <RecordLinksPanel
      title={kind.title}
      intro={kind.intro(name)}
      words={{ name, ...kind.words }}
      columns={{ record: kind.column, books: `${name} ${kind.words.bookRecord}` }}
      links={links}
      toView={kind.toView}
      empty={<NoRecordsYet records={kind.title} description={kind.empty.description} to={kind.empty.to} />}
    />
  );
}
