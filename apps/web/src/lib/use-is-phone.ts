import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone: narrower than Mantine's `sm` breakpoint (48em), the width below which app.css turns
 * `cards-on-phone` tables into cards. Lists that draw their own cards ask this one question.
 */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
