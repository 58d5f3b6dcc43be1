import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';

/** A product's name linking to it, marked when archived (customers never see archived products). */
export function ProductName(props: { id: string; name: string; isActive: boolean; isLink?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {props.isLink === false ? (
        props.name
      ) : (
        <Anchor component={Link} to={`/products/${props.id}`}>
          {props.name}
        </Anchor>
      )}
      {!props.isActive && (
        <Badge size="sm" variant="light" color="gray">
          Archived
        </Badge>
      )}
    </Group>
  );
}
