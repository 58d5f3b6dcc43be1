import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY_REASON } from '#lib/admin-only-reason.ts';
import { ApiError } from '#lib/api-error.ts';
import { groupFormFailure, groupValuesOf, isStaleEdit } from './group-form.ts';
import { refusalMessage } from './write-refusal.ts';

const kind = { plural: 'pricing tiers' };
const none = { fieldErrors: {}, formError: null };
const conflict = (details?: { path: string; message: string }[]) =>
  new ApiError({
    status: 409,
    body: { error_code: 'CONFLICT', message: 'Already used or changed', details },
  });
const SERVER_WORDS = 'Only an Admin of this organisation can do this.';
const forbidden = new ApiError({ status: 403, body: { error_code: 'FORBIDDEN', message: SERVER_WORDS } });
const wordless = new ApiError({ status: 403, body: null, code: 'FORBIDDEN' });

describe('groupFormFailure', () => {
  it('puts a bare 409 on the name when adding, since only the name can conflict', () => {
    expect(groupFormFailure(none, conflict(), { kind, isCreate: true })).toEqual({
      fieldErrors: { name: 'Already used or changed' },
      formError: null,
    });
  });

  it('leaves a bare 409 on a rename to the stale-version message above the form', () => {
    expect(isStaleEdit(conflict())).toBe(true);
    expect(groupFormFailure(none, conflict(), { kind, isCreate: false })).toEqual(none);
  });

  it('keeps the field the server named for a duplicate name', () => {
    const error = conflict([{ path: 'body.name', message: 'Taken' }]);
    const failure = { fieldErrors: { name: 'Taken' }, formError: null };
    expect(isStaleEdit(error)).toBe(false);
    expect(groupFormFailure(failure, error, { kind, isCreate: false })).toBe(failure);
  });

  // One wording of the refusal on every screen: lib/admin-only-reason's forbiddenMessage.
  it('says who may make the change after a 403, as every screen says it', () => {
    expect(groupFormFailure(none, forbidden, { kind, isCreate: true }).formError).toBe(SERVER_WORDS);
    expect(groupFormFailure(none, wordless, { kind, isCreate: true }).formError).toBe(ADMIN_ONLY_REASON);
  });
});

describe('refusalMessage', () => {
  it('explains the refusals a screen shows itself, and leaves the rest to the toast', () => {
    expect(refusalMessage(forbidden)).toBe(SERVER_WORDS);
    expect(refusalMessage(wordless)).toBe(ADMIN_ONLY_REASON);
    expect(refusalMessage(conflict())).toBe('Already used or changed');
    const busy = new ApiError({ status: 429, body: { error_code: 'RATE_LIMITED', message: 'Slow down' } });
    expect(refusalMessage(busy)).toBeNull();
    expect(refusalMessage(new Error('boom'))).toBeNull();
  });
});

describe('groupValuesOf', () => {
  it('starts a form blank, or from the record with no description as blank', () => {
    expect(groupValuesOf(null)).toEqual({ name: '', description: '' });
    expect(
      groupValuesOf({
        id: 'x',
        name: 'Trade',
        description: null,
        product_count: 0,
        customer_count: 0,
        version: 1,
        created_at: '2025-01-01T00:00:00.000Z',
      }),
    ).toEqual({ name: 'Trade', description: '' });
  });
});
