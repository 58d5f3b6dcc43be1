import { Alert, Button, Loader, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '#lib/api-error.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useUrlSearch } from '#lib/use-url-search.ts';
import { useDeleteTaxonomyItem } from '../api/delete-taxonomy-item.ts';
import { TAXONOMY_DELETE_ERROR_CODES } from '../api/taxonomy-error-codes.ts';
import { useTaxonomyList } from '../api/list-taxonomy.ts';
import { DeleteTaxonomyDialog } from '../components/delete-taxonomy-dialog.tsx';
import { NoTaxonomyItems } from '../components/no-taxonomy-items.tsx';
import { TaxonomyFormModal } from '../components/taxonomy-form-modal.tsx';
import { TaxonomyTable, TaxonomyTableSkeleton } from '../components/taxonomy-table.tsx';
import type { TaxonomyItem, TaxonomyKind, TaxonomyValues } from '../model/taxonomy-kind.ts';

type Refusal = { name: string; message: string };

function isHandledRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (TAXONOMY_DELETE_ERROR_CODES as readonly string[]).includes(error.code);
}

/**
 * One kind's screen (/brands, /suppliers, /uoms, /categories): searched on the server, a page at a
 * time, with add, edit and delete. What differs between the kinds comes from `kind`.
 */
export function TaxonomyScreen<T extends TaxonomyItem, S extends z.ZodType, V extends TaxonomyValues>(props: {
  kind: TaxonomyKind<T, S, V>;
}) {
  const { kind } = props;
  // The API searches from one character; the URL keeps the search for Back and reload.
  const { searchText, setSearchText, search } = useUrlSearch();
  const query = useTaxonomyList(kind, search);
  const remove = useDeleteTaxonomyItem(kind);
  const [formItem, setFormItem] = useState<T | null>(null);
  const [isFormOpen, formModal] = useDisclosure(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [isDeleteOpen, deleteDialog] = useDisclosure(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  // The chosen record stays set while the modal closes, so its content does not change mid-fade.
  const openForm = (item: T | null) => {
    setFormItem(item);
    formModal.open();
  };
  const askToDelete = (item: T) => {
    setRefusal(null);
    setDeleting(item);
    deleteDialog.open();
  };
  const confirmDelete = () => {
    const item = deleting;
    if (!item || remove.isPending) return;
    remove.mutate(item, {
      onSuccess: () => showSuccessToast(`“${item.name}” deleted`),
      // The server's reason (how many products use it, or that sub-categories belong to it) is
      // shown as it is; other failures have been toasted by the API client.
      onError: (error) => {
        if (isHandledRefusal(error)) setRefusal({ name: item.name, message: error.message });
      },
      onSettled: deleteDialog.close,
    });
  };

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const rows = kind.arrangeRows?.(items) ?? items.map((item) => ({ item, isNested: false }));
  const isUpdating = query.isPlaceholderData && query.isFetching;

  const content = (
    <PagedListContent
      query={query}
      shown={items.length}
      singular={kind.singular}
      plural={kind.plural}
      skeleton={<TaxonomyTableSkeleton kind={kind} />}
      empty={
        <NoTaxonomyItems
          kind={kind}
          search={search}
          onAdd={() => openForm(null)}
          onClearSearch={() => setSearchText('')}
        />
      }
    >
      <TaxonomyTable
        kind={kind}
        rows={rows}
        isUpdating={isUpdating}
        onEdit={openForm}
        onDelete={askToDelete}
      />
    </PagedListContent>
  );

  return (
    <Stack gap="lg">
      <ListPageHeader
        title={kind.title}
        description={kind.description}
        actions={<Button onClick={() => openForm(null)}>Add {kind.singular}</Button>}
      />
      <TextInput
        type="search"
        aria-label={`Search ${kind.plural}`}
        placeholder={`Search ${kind.plural}`}
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        rightSection={isUpdating ? <Loader size="xs" role="status" aria-label="Searching" /> : undefined}
        maw={420}
      />
      {refusal && (
        <Alert
          color="red"
          variant="light"
          title={`“${refusal.name}” was not deleted`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setRefusal(null)}
        >
          {refusal.message}
        </Alert>
      )}
      {content}
      <TaxonomyFormModal kind={kind} item={formItem} opened={isFormOpen} onClose={formModal.close} />
      <DeleteTaxonomyDialog
        kind={kind}
        item={deleting}
        opened={isDeleteOpen}
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={deleteDialog.close}
      />
    </Stack>
  );
}
