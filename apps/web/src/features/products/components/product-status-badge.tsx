import { Badge, type MantineSize } from '@mantine/core';

export function ProductStatusBadge(props: { isActive: boolean; size?: MantineSize }) {
  return (
    <Badge variant="light" color={props.isActive ? 'teal' : 'gray'} size={props.size}>
      {props.isActive ? 'Active' : 'Archived'}
    </Badge>
  );
}
