import { Button, EmptyState } from '@mantine/core';

/** No methods yet: what one is, and (for an Admin) the way to add the first. */
export function NoShippingMethods(props: { canEdit: boolean; onAdd: () => void }) {
  return (
    <EmptyState
      title="No delivery methods yet"
      description="A delivery method is how your customers get their orders: a delivery run or pick-up from your warehouse. Each has its fee, a minimum order, the days it runs and a cut-off time, and customers choose from the methods offered to them when they order."
    >
      {/* A User has read why above the list (ADMIN_ONLY_REASON); only an Admin gets the button. */}
      {props.canEdit && (
        <EmptyState.Actions>
          <Button onClick={props.onAdd}>Add delivery method</Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
