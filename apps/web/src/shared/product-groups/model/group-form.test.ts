import { describe, expect, it } from 'vitest';
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
const forbidden = new ApiError({ status: 403, body: { error_code: 'FORBIDDEN', message: 'Forbidden' } });

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

  it('says who may make the change after a 403', () => {
    expect(groupFormFailure(none, forbidden, { kind, isCreate: true }).formError).toBe(
      'Only Admins can change pricing tiers. Ask an Admin of your organisation to make this change.',
    );
  });
});

describe('refusalMessage', () => {
  it('explains the refusals a screen shows itself, and leaves the rest to the toast', () => {
    expect(refusalMessage(forbidden, kind)).toMatch(/^Only Admins can change pricing tiers/);
    expect(refusalMessage(conflict(), kind)).toBe('Already used or changed');
    const busy = new ApiError({ status: 429, body: { error_code: 'RATE_LIMITED', message: 'Slow down' } });
    expect(refusalMessage(busy, kind)).toBeNull();
    expect(refusalMessage(new Error('boom'), kind)).toBeNull();
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
