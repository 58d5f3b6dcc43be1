import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY_REASON } from '../admin-only-reason.ts';
import { ApiError } from '../api-error.ts';
import { failureFrom, placeIssues } from './place-errors.ts';

const FIELDS = ['title', 'abn', 'credit_limit'];
const ALIASES = { credit_limit_cents: 'credit_limit' };

const refusal = (code: string, details?: { path: string; message: string }[]) =>
  new ApiError({ status: 400, body: { error_code: code, message: 'Check the form', details } });

describe('placeIssues', () => {
  it('puts server paths and zod paths alike on the field they name, first message only', () => {
    expect(
      placeIssues(
        [
          { path: 'body.abn', message: 'ABN already used' },
          { path: ['title'], message: 'Enter a name' },
          { path: 'body.abn', message: 'A second message' },
        ],
        { fields: FIELDS },
      ),
    ).toEqual({ fieldErrors: { abn: 'ABN already used', title: 'Enter a name' }, unplaced: [] });
  });

  it('finds a nested wire name by its last segment, through an alias where the form names it otherwise', () => {
    expect(
      placeIssues([{ path: 'body.payment_settings.credit_limit_cents', message: 'Too high' }], {
        fields: FIELDS,
        aliases: ALIASES,
      }),
    ).toEqual({ fieldErrors: { credit_limit: 'Too high' }, unplaced: [] });
  });

  it('keeps what fits no field for the message above the form', () => {
    expect(placeIssues([{ path: 'body', message: 'About the whole request' }], { fields: FIELDS })).toEqual({
      fieldErrors: {},
      unplaced: ['About the whole request'],
    });
  });
});

describe('failureFrom', () => {
  const options = { fields: FIELDS, aliases: ALIASES, handledErrorCodes: ['VALIDATION_ERROR', 'CONFLICT'] };

  it('shows a refusal naming fields on those fields only', () => {
    expect(
      failureFrom(refusal('VALIDATION_ERROR', [{ path: 'body.abn', message: 'Bad ABN' }]), options),
    ).toEqual({ fieldErrors: { abn: 'Bad ABN' }, formError: null });
  });

  it('shows the message above the form when some of the refusal fits no field', () => {
    expect(
      failureFrom(
        refusal('VALIDATION_ERROR', [
          { path: 'body.abn', message: 'Bad ABN' },
          { path: 'body.version', message: 'Required' },
        ]),
        options,
      ),
    ).toEqual({ fieldErrors: { abn: 'Bad ABN' }, formError: 'Check the form' });
    expect(failureFrom(refusal('CONFLICT'), options)).toEqual({
      fieldErrors: {},
      formError: 'Check the form',
    });
  });

  it('shows nothing for refusals the API client has already toasted', () => {
    expect(failureFrom(refusal('RATE_LIMITED'), options)).toEqual({ fieldErrors: {}, formError: null });
    expect(failureFrom(new Error('offline'), options)).toEqual({ fieldErrors: {}, formError: null });
  });
  it('says a FORBIDDEN refusal above the form, handled or not, since the API client never toasts it', () => {
    const forbidden = new ApiError({
      status: 403,
      body: { error_code: 'FORBIDDEN', message: 'Only an Admin can change customers.' },
    });
    expect(failureFrom(forbidden, options)).toEqual({
      fieldErrors: {},
      formError: 'Only an Admin can change customers.',
    });
    const bare = new ApiError({ status: 403, body: null, code: 'FORBIDDEN' });
    expect(failureFrom(bare, { ...options, handledErrorCodes: [] }).formError).toBe(ADMIN_ONLY_REASON);
  });
});
