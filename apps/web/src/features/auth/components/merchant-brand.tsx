import { Group, Image, Text } from '@mantine/core';
import { getMerchantBySlug } from '@tradeport/contract';
import { useEffect, useState } from 'react';
import { request } from '#lib/api-client.ts';

type Brand = { title: string; image: string | null };

function TradeportBrand() {
  return (
    <Text fw={700} c="teal.7">
      Tradeport
    </Text>
  );
}

/**
 * The merchant's title and logo above the branded sign-in form (/sign-in?merchant=<slug>). Loaded
 * only for that address, so the plain sign-in page carries none of it. An unknown slug, or any
 * failure, leaves the plain Tradeport brand: the form works either way.
 */
export function MerchantBrand(props: { slug: string }) {
  const [brand, setBrand] = useState<Brand | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    request(getMerchantBySlug, {
      params: { slug: props.slug },
      signal: controller.signal,
      // Nothing to tell the person: a wrong link still gets them a working sign-in page.
      handledErrorCodes: ['NOT_FOUND', 'VALIDATION_ERROR'],
    }).then(
      (merchant) => setBrand({ title: merchant.title, image: merchant.image }),
      () => setBrand(null),
    );
    return () => controller.abort();
  }, [props.slug]);

  if (!brand) return <TradeportBrand />;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="merchant-brand">
      {brand.image && <Image src={brand.image} alt={`${brand.title} logo`} h={48} w="auto" fit="contain" />}
      <Text fw={700} size="xl" lineClamp={2}>
        {brand.title}
      </Text>
    </Group>
  );
}
