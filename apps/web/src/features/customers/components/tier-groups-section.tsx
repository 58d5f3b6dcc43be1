import {
  Alert,
  Anchor,
  Badge,
  Box,
  CloseButton,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { Customer, CustomerListRef } from '@tradeport/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { isForbidden, useIsAdmin, useRefreshAccess } from '#lib/access.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import {
  type TierGroupChange,
  useChangeTierOrGroup,
  useTierAndGroupOptions,
} from '../api/customer-tier-groups.ts';
import { refusedMessage } from '../model/refusal.ts';
import { AdminOnlyNote } from './admin-only-note.tsx';
import { Section } from './section.tsx';
import { routePath } from '#lib/routes.ts';

const NO_TIER = '';

/** Saves one change at once; `onSuccess` says it was done. */
type Change = {
  isPending: boolean;
  mutate: (change: TierGroupChange, options: { onSuccess: () => void }) => void;
};
type Options = ReturnType<typeof useTierAndGroupOptions>;

/** What the customer has now, as a one-entry description list. */
function Current(props: { label: string; children: ReactNode }) {
  return (
    <Box component="dl" m={0}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text component="dd" m={0} mt={4} size="sm">
        {props.children}
      </Text>
    </Box>
  );
}

/** The current tier, and for Admins the choice of another; a choice is saved at once. */
function TierPart(props: {
  customer: Customer;
  canEdit: boolean;
  change: Change;
  options: Options['tiers'];
}) {
  const { customer, change } = props;
  const tier = customer.pricing_tier;
  const loaded = props.options.data?.items ?? [];
  // The current tier is always offered, even if it is not on the page of options.
  const tiers: CustomerListRef[] = tier && !loaded.some((t) => t.id === tier.id) ? [tier, ...loaded] : loaded;

  const choose = (value: string) => {
    if (value === (tier?.id ?? NO_TIER)) return;
    const chosen = tiers.find((t) => t.id === value);
    // Leaving a tier is said to the tier left; joining one moves the customer out of the old one.
    const request: TierGroupChange = chosen
      ? { kind: 'set-tier', tierId: chosen.id }
      : { kind: 'no-tier', tierId: tier!.id };
    change.mutate(request, {
      onSuccess: () =>
        showSuccessToast(`${customer.title} now pays ${chosen ? `${chosen.name} prices` : 'base prices'}`),
    });
  };

  return (
    <Stack gap="xs">
      <Current label="Pricing tier">
        {tier ? (
          <Badge variant="light" tt="none" size="lg">
            <Anchor component={Link} to={routePath('/pricing/:tierId', { tierId: tier.id })} inherit>
              {tier.name}
            </Anchor>
          </Badge>
        ) : (
          'Base prices — no tier'
        )}
      </Current>
      {props.canEdit && (
        <NativeSelect
          label="Pricing tier"
          description="The customer pays the tier’s price where it has one, the base price elsewhere."
          value={tier?.id ?? NO_TIER}
          disabled={change.isPending || props.options.isPending}
          data={[{ value: NO_TIER, label: 'No tier' }, ...tiers.map((t) => ({ value: t.id, label: t.name }))]}
          onChange={(event) => choose(event.currentTarget.value)}
        />
      )}
    </Stack>
  );
}

/** The groups the customer is in, as badges; Admins add and remove them. */
function GroupsPart(props: {
  customer: Customer;
  canEdit: boolean;
  change: Change;
  options: Options['groups'];
}) {
  const { customer, change } = props;
  const groups = customer.visibility_groups;
  const others = (props.options.data?.items ?? []).filter((g) => !groups.some((mine) => mine.id === g.id));

  const add = (groupId: string) => {
    const group = others.find((g) => g.id === groupId);
    if (!group) return;
    change.mutate(
      { kind: 'add-group', groupId },
      { onSuccess: () => showSuccessToast(`${customer.title} added to ${group.name}`) },
    );
  };
  const remove = (group: CustomerListRef) =>
    change.mutate(
      { kind: 'remove-group', groupId: group.id },
      { onSuccess: () => showSuccessToast(`${customer.title} removed from ${group.name}`) },
    );

  return (
    <Stack gap="xs">
      <Current label="Visibility groups">
        {groups.length === 0 ? (
          'In no group — sees only products that are in no group'
        ) : (
          <Group gap={6}>
            {groups.map((group) => (
              <Badge
                key={group.id}
                variant="light"
                color="grape"
                tt="none"
                size="lg"
                rightSection={
                  props.canEdit && (
                    <CloseButton
                      size="xs"
                      aria-label={`Remove from ${group.name}`}
                      disabled={change.isPending}
                      onClick={() => remove(group)}
                    />
                  )
                }
              >
                <Anchor
                  component={Link}
                  to={routePath('/visibility/:groupId', { groupId: group.id })}
                  inherit
                >
                  {group.name}
                </Anchor>
              </Badge>
            ))}
          </Group>
        )}
      </Current>
      {props.canEdit && (
        <NativeSelect
          label="Add to visibility group"
          description="The customer then sees the group’s products too."
          value=""
          disabled={change.isPending || props.options.isPending || others.length === 0}
          data={[
            { value: '', label: others.length ? 'Choose a group…' : 'No other groups' },
            ...others.map((g) => ({ value: g.id, label: g.name })),
          ]}
          onChange={(event) => add(event.currentTarget.value)}
        />
      )}
    </Stack>
  );
}

/** Which tier's prices the customer pays and which restricted products it sees. */
export function TierGroupsSection(props: { customer: Customer }) {
  // Everyone may see these; only Admins may change them (the server answers 403 otherwise).
  const canEdit = useIsAdmin();
  const options = useTierAndGroupOptions({ enabled: canEdit });
  const mutation = useChangeTierOrGroup(props.customer.id);
  const refreshAccess = useRefreshAccess();
  const [refusal, setRefusal] = useState<string | null>(null);
  // A refusal is said here, where the change was asked for (a 403 raises no toast); the customer
  // is read again either way, so the choice shown goes back to what is saved.
  const change: Change = {
    isPending: mutation.isPending,
    mutate: (request, { onSuccess }) => {
      setRefusal(null);
      mutation.mutate(request, {
        onSuccess,
        onError: (error) => {
          if (!isForbidden(error)) return;
          refreshAccess();
          const isTier = request.kind === 'set-tier' || request.kind === 'no-tier';
          setRefusal(
            refusedMessage(
              isTier ? 'The pricing tier was not changed' : 'The visibility groups were not changed',
            ),
          );
        },
      });
    },
  };
  return (
    <Section
      title="Pricing and visibility"
      description="The pricing tier sets what this customer pays; visibility groups decide which restricted products it sees."
    >
      {refusal && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      )}
      {!canEdit && <AdminOnlyNote>The tier and groups are chosen by an Admin.</AdminOnlyNote>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <TierPart customer={props.customer} canEdit={canEdit} change={change} options={options.tiers} />
        <GroupsPart customer={props.customer} canEdit={canEdit} change={change} options={options.groups} />
      </SimpleGrid>
    </Section>
  );
}
