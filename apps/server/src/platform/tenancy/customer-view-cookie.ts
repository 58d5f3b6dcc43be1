import { API_PREFIX } from '@tradeport/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

// SPEC §3, §4: "an impersonation cookie marks the merchant-to-customer view". It names the house
// customer organisation a merchant member is viewing the portal as. It grants nothing by itself:
// every request that relies on it checks again that the caller is a member of the merchant whose
// house account that is (membership.queries.ts findCustomerView), so a forged or stale cookie
// reaches nothing the caller could not already reach as a merchant member.

const CUSTOMER_VIEW_COOKIE = 'tp_customer_view';

function cookieOptions(appUrl: string) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: appUrl.startsWith('https://'),
    // Only the API reads it.
    path: API_PREFIX,
  };
}

const CookieValue = z.uuid().transform((id) => id.toLowerCase());

/** The customer organisation the request's cookie says is being viewed, when it is well formed. */
export function presentedCustomerView(request: FastifyRequest): string | undefined {
  const parsed = CookieValue.safeParse(request.cookies[CUSTOMER_VIEW_COOKIE]);
  return parsed.success ? parsed.data : undefined;
}

export function setCustomerViewCookie(
  reply: FastifyReply,
  options: { customerOrganisationId: string; appUrl: string },
) {
  // A session cookie: closing the browser ends the view.
  reply.setCookie(CUSTOMER_VIEW_COOKIE, options.customerOrganisationId, cookieOptions(options.appUrl));
}

export function clearCustomerViewCookie(reply: FastifyReply, appUrl: string) {
  reply.clearCookie(CUSTOMER_VIEW_COOKIE, cookieOptions(appUrl));
}
