import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';

/** A product's name linking to it, marked when archived (customers never see archived products). */
export function ProductName(props: { id: string; name: string; isActive: boolean; isLink?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {props.isLink === false ? (
        props.name
      ) : (
        <Anchor component={Link} to={routePath('/products/:productId', { productId: props.id })}>
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
