import { Button, Loader, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { z } from 'zod';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { PagedListContent } from '#lib/ui/paged-list-content.tsx';
import { useUrlSearch } from '#lib/use-url-search.ts';
import { useGroups } from '../api/list-groups.ts';
import { useCanEdit } from '../api/use-can-edit.ts';
import { GroupFormModal } from '../components/group-form-modal.tsx';
import { GroupsTable, GroupsTableSkeleton } from '../components/groups-table.tsx';
import { NoGroups } from '../components/no-groups.tsx';
import type { GroupKind, GroupProduct } from '../model/group-kind.ts';

/**
 * /pricing and /visibility: the kind's tiers or groups with their counts, searched on the server a
 * page at a time. Admins add new ones here; everyone else reads.
 */
export function GroupsScreen<S extends z.ZodType<GroupProduct>>(props: { kind: GroupKind<S> }) {
  const { kind } = props;
  const canEdit = useCanEdit();
  const { searchText, setSearchText, search } = useUrlSearch();
  const query = useGroups(kind, search);
  const [isCreateOpen, createModal] = useDisclosure(false);

  const groups = query.data?.pages.flatMap((page) => page.items) ?? [];
  const isUpdating = query.isPlaceholderData && query.isFetching;

  const content = (
    <PagedListContent
      query={query}
      shown={groups.length}
      singular={kind.singular}
      plural={kind.plural}
      skeleton={<GroupsTableSkeleton kind={kind} />}
      empty={
        <NoGroups
          kind={kind}
          search={search}
          canEdit={canEdit}
          onAdd={createModal.open}
          onClearSearch={() => setSearchText('')}
        />
      }
    >
      <GroupsTable kind={kind} groups={groups} isUpdating={isUpdating} />
    </PagedListContent>
  );

  return (
    <Stack gap="lg">
      <ListPageHeader
        title={kind.title}
        description={kind.description}
        actions={canEdit && <Button onClick={createModal.open}>Add {kind.singular}</Button>}
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
      {content}
      {canEdit && (
        <GroupFormModal kind={kind} group={null} opened={isCreateOpen} onClose={createModal.close} />
      )}
    </Stack>
  );
}
