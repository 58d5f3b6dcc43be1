import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

export function BackToProducts() {
  return (
    <Anchor component={Link} to="/products" size="sm">
      ← Products
    </Anchor>
  );
}
