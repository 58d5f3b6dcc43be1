import { Stack, Tabs } from '@mantine/core';
import type { GroupSummary } from '@tradeport/contract';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '#lib/api-error.ts';
import { RecordLoadFailed, RecordLoading, RecordNotFound } from '#lib/ui/record-states.tsx';
import { useGroup } from '../api/get-group.ts';
import { useCanEdit } from '../api/use-can-edit.ts';
import { GroupCustomersSection } from '../components/group-customers-section.tsx';
import { GroupHeader } from '../components/group-header.tsx';
import { RefusalAlert, useRefusal } from '../components/refusal-alert.tsx';
import { capitalise, type GroupKind, type GroupProduct, listLinkOf } from '../model/group-kind.ts';

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const TABS = ['products', 'customers'] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? 'products';

/** What the kind's own code puts on the Products tab. */
export type ProductsPanelProps = {
  group: GroupSummary;
  canEdit: boolean;
  onRefused: (title: string, error: unknown) => void;
};

/**
 * /pricing/:tierId and /visibility/:groupId: one tier or group, its products and its customers.
 * The Products tab is the kind's own (`renderProducts`); the rest is shared. Both tabs stay
 * mounted, so unsaved price edits survive a look at the customers.
 */
export function GroupDetailScreen<S extends z.ZodType<GroupProduct>>(props: {
  kind: GroupKind<S>;
  /** The route's parameter naming the record (`tierId`, `groupId`). */
  idParam: string;
  renderProducts: (panel: ProductsPanelProps) => ReactNode;
}) {
  const { kind } = props;
  const groupId = useParams()[props.idParam] ?? '';
  const isGroupId = isUuid(groupId);
  const query = useGroup(kind, groupId, { enabled: isGroupId });
  const canEdit = useCanEdit();
  const { refusal, report, clear } = useRefusal();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));

  // An address that cannot be an id is not found without asking the server.
  if (!isGroupId || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <RecordNotFound
        list={listLinkOf(kind)}
        title={capitalise(kind.singular)}
        what={kind.singular}
        goneBy="deleted"
      />
    );
  }
  if (query.isPending) return <RecordLoading what={kind.singular} blocks={[240]} />;
  if (query.isError) {
    return (
      <RecordLoadFailed
        list={listLinkOf(kind)}
        title={kind.detailTitle}
        what={kind.singular}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const group = query.data;
  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (tabOf(value) === 'products') next.delete('tab');
    else next.set('tab', tabOf(value));
    setSearchParams(next, { replace: true });
  };
  return (
    <Stack gap="lg" maw={1100}>
      <GroupHeader kind={kind} group={group} canEdit={canEdit} onRefused={report} />
      <RefusalAlert refusal={refusal} onClose={clear} />
      <Tabs value={tab} onChange={selectTab}>
        <Tabs.List>
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="customers">Customers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="md">
          {props.renderProducts({ group, canEdit, onRefused: report })}
        </Tabs.Panel>
        <Tabs.Panel value="customers" pt="md">
          <GroupCustomersSection kind={kind} group={group} canEdit={canEdit} onRefused={report} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
