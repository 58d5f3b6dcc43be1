import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '#lib/format.ts';
import { BILLING_PATH, type Banner } from '../shell-state.ts';
import { routePath } from '#lib/routes.ts';

function BannerView(props: { banner: Banner }) {
  const { banner } = props;
  switch (banner.kind) {
    case 'trial-active':
      return (
        <Alert color="blue" variant="light" role="status" title="Free trial">
          <Text size="sm">
            Your free trial ends on {formatDate(banner.trialEnd)}.{' '}
            <Anchor component={Link} to={BILLING_PATH} size="sm">
              Choose a plan
            </Anchor>
          </Text>
        </Alert>
      );
    case 'trial-ended':
      return (
        // red.9: white text at 5.5:1 (WCAG AA), not only just over 4.5:1.
        <Alert color="red.9" variant="filled" title="Your free trial has ended">
          <Text size="sm">
            The trial ended on {formatDate(banner.trialEnd)}. Activate your subscription to keep using
            Tradeport.{' '}
            <Anchor component={Link} to={BILLING_PATH} size="sm" c="white" underline="always" fw={700}>
              Activate your subscription
            </Anchor>
          </Text>
        </Alert>
      );
    case 'payment-failed':
      return (
        <Alert color="red" variant="light" title="A payment failed">
          <Text size="sm">
            {banner.hasLostAccess
              ? `Your organisation lost access on ${formatDate(banner.deactivateDate)}. Make the payment to get it back.`
              : `Your organisation will lose access on ${formatDate(banner.deactivateDate)} unless the payment is made.`}{' '}
            <Anchor component={Link} to={BILLING_PATH} size="sm">
              Update billing
            </Anchor>
          </Text>
        </Alert>
      );
    case 'no-organisation':
      return (
        <Alert color="gray" variant="light" role="status" title="You are not part of an organisation yet">
          <Text size="sm">
            Set up your business to start selling, or ask a colleague to invite you.{' '}
            <Anchor component={Link} to={routePath('/sign-up-organisation')} size="sm">
              Set up your organisation
            </Anchor>
          </Text>
        </Alert>
      );
  }
}

/** SPEC §4 banners above the page, from shellBanners. */
export function ShellBanners(props: { banners: readonly Banner[] }) {
  if (props.banners.length === 0) return null;
  return (
    <Stack gap="sm" mb="lg">
      {props.banners.map((banner) => (
        <BannerView key={banner.kind} banner={banner} />
      ))}
    </Stack>
  );
}
