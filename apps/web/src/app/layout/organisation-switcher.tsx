import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { OrganisationMembership } from '@tradeport/contract';
import { useNavigate } from 'react-router';
import { organisationIdStore, usableOrganisations } from '#lib/organisation.ts';
import { routePath } from '#lib/routes.ts';

/** SPEC §2: only with more than one accepted active organisation; switching returns to /. */
export function OrganisationSwitcher(props: {
  organisations: readonly OrganisationMembership[];
  selectedId: string | null;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const usable = usableOrganisations(props.organisations);
  if (usable.length <= 1) return null;

  const onChange = (id: string | null) => {
    if (!id || id === props.selectedId) return;
    organisationIdStore.set(id);
    // Keys start with the organisation id already; clearing also drops anything cached without one.
    queryClient.clear();
    navigate(routePath('/'));
  };

  return (
    <Select
      label="Organisation"
      data={usable.map((organisation) => ({ value: organisation.id, label: organisation.title }))}
      value={props.selectedId}
      onChange={onChange}
      allowDeselect={false}
      checkIconPosition="right"
    />
  );
}
