import { SignUpBody } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { fieldErrorsFrom, formFailureFrom, issueField, validateWith } from './form-errors.ts';

const validationError = (details: { path: string; message: string }[]) =>
  new ApiError({ status: 400, body: { error_code: 'VALIDATION_ERROR', message: 'Check the form', details } });

describe('issueField', () => {
  it('names the field of a server path and of a zod path alike', () => {
    expect(issueField('body.email')).toBe('email');
    expect(issueField('query.cursor')).toBe('cursor');
    expect(issueField(['address_line1'])).toBe('address_line1');
    expect(issueField('email')).toBe('email');
  });
});

describe('fieldErrorsFrom', () => {
  it('keeps the first message per known field and drops the rest', () => {
    expect(
      fieldErrorsFrom(
        [
          { path: 'body.email', message: 'Taken' },
          { path: 'body.email', message: 'Second' },
          { path: 'body.unknown', message: 'Ignored' },
        ],
        ['email', 'password'],
      ),
    ).toEqual({ email: 'Taken' });
  });
});

describe('validateWith', () => {
  it('gives the parsed body when the values pass the contract schema', () => {
    const result = validateWith(
      SignUpBody,
      { name: ' Mia ', email: 'MIA@example.com', password: 'long enough', altcha: 'proof' },
      ['name', 'email', 'password', 'altcha'],
    );
    expect(result.data).toEqual({
      name: 'Mia',
      email: 'mia@example.com',
      password: 'long enough',
      altcha: 'proof',
    });
  });

  it('gives the contract messages per field otherwise', () => {
    const result = validateWith(SignUpBody, { name: '', email: 'nope', password: 'short', altcha: '' }, [
      'name',
      'email',
      'password',
      'altcha',
    ]);
    expect(result.errors).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid email address',
      password: 'Use at least 8 characters',
      altcha: 'Complete the bot check',
    });
  });
});

describe('formFailureFrom', () => {
  const options = { fields: ['email', 'password'] as const, handledErrorCodes: ['VALIDATION_ERROR'] };

  it('puts handled refusals on the fields the server named', () => {
    const error = validationError([{ path: 'body.email', message: 'That email already has an account' }]);
    expect(formFailureFrom(error, options)).toEqual({
      fieldErrors: { email: 'That email already has an account' },
      formError: null,
    });
  });

  it('shows a handled refusal that names no field above the form', () => {
    expect(formFailureFrom(validationError([]), options)).toEqual({
      fieldErrors: {},
      formError: 'Check the form',
    });
  });

  it('leaves codes the form does not handle to the toast', () => {
    const error = new ApiError({ status: 429, body: { error_code: 'RATE_LIMITED', message: 'Slow down' } });
    expect(formFailureFrom(error, options)).toEqual({ fieldErrors: {}, formError: null });
    expect(formFailureFrom(new Error('boom'), options)).toEqual({ fieldErrors: {}, formError: null });
  });
});
