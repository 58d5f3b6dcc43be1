import { Button, EmptyState } from '@mantine/core';
import { Link } from 'react-router';

/** What a links section shows when the merchant has none of its records, with the way to add them. */
export function NoRecordsYet(props: { records: string; description: string; to: string }) {
  return (
    <EmptyState title={`No ${props.records.toLowerCase()} yet`} description={props.description}>
      <EmptyState.Actions>
        <Button component={Link} to={props.to} variant="default">
          Go to {props.records}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
