import { Center, Image, Text } from '@mantine/core';
import { useState } from 'react';

/** A product's picture, or a plain panel saying there is none (also when the file fails to load). */
export function ProductImage(props: { src: string | null; height: number }) {
  const [isBroken, setIsBroken] = useState(false);
  if (!props.src || isBroken) {
    return (
      // Hidden from screen readers like a picture would be: the name beside it says what it is.
      <Center
        h={props.height}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 4 }}
        aria-hidden
      >
        <Text size="sm" c="dimmed">
          No image
        </Text>
      </Center>
    );
  }
  // The name is written beside every image, so the picture itself is decoration to a screen reader.
  return (
    <Image
      src={props.src}
      alt=""
      h={props.height}
      fit="contain"
      radius="sm"
      onError={() => setIsBroken(true)}
    />
  );
}
