import {
  applyCredit,
  getCredit,
  issueAdjustmentNote,
  issueCredit,
  listCredits,
  searchCredits,
  voidCredit,
} from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireIdempotencyKey } from '../../platform/http/idempotency-key.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { createCreditWritesService } from './credit-writes.service.ts';
import { createCreditsService } from './credits.service.ts';

/**
 * Account credits. Reading: any member of the merchant (its credits) or of a customer
 * organisation (its own, with each merchant). Issuing, applying and voiding are the merchant's
 * members' (Admin and User): a customer organisation's members get 403 on their own organisation,
 * and anyone gets 404 for another organisation's ids.
 */
export function creditsRoutes(app: FastifyInstance, deps: AppDeps) {
  const credits = createCreditsService(deps);
  const writes = createCreditWritesService(deps);
  const reader = access.member({ org: 'id' });
  const merchant = access.merchant({ org: 'id' });

  registerEndpoint(app, listCredits, {
    access: reader,
    handler: async ({ actor, query }) => credits.list(actor, query),
  });

  registerEndpoint(app, searchCredits, {
    access: reader,
    handler: async ({ actor, query }) => credits.search(actor, query),
  });

  registerEndpoint(app, getCredit, {
    access: reader,
    handler: async ({ actor, params }) => credits.get(actor, params.cid),
  });

  registerEndpoint(app, issueCredit, {
    access: merchant,
    handler: async ({ actor, body, request, setStatus }) => {
      const key = requireIdempotencyKey(request, 'per credit');
      const issued = await writes.issue({
        merchantId: actor.organisationId,
        userId: actor.userId,
        key,
        input: body,
      });
      if (issued.isReplay) setStatus(200);
      return issued.credit;
    },
  });

  registerEndpoint(app, issueAdjustmentNote, {
    access: merchant,
    handler: async ({ actor, body, request, setStatus }) => {
      const key = requireIdempotencyKey(request, 'per adjustment note');
      const issued = await writes.adjust({
        merchantId: actor.organisationId,
        userId: actor.userId,
        key,
        input: body,
      });
      if (issued.isReplay) setStatus(200);
      return issued.credit;
    },
  });

  registerEndpoint(app, applyCredit, {
    access: merchant,
    handler: async ({ actor, params, body, request, setStatus }) => {
      const key = requireIdempotencyKey(request, 'per application');
      const applied = await writes.apply({
        merchantId: actor.organisationId,
        creditId: params.cid,
        userId: actor.userId,
        key,
        input: body,
      });
      if (applied.isReplay) setStatus(200);
      return applied.payment;
    },
  });

  registerEndpoint(app, voidCredit, {
    access: merchant,
    // Voiding is idempotent by nature: a voided credit stays voided, and is answered again.
    handler: async ({ actor, params }) =>
      writes.void({ merchantId: actor.organisationId, creditId: params.cid }),
  });
}
