import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isUnavailableError } from './connection-errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isUnavailableError', () => {
  it.each([
    ['ECONNREFUSED', 'connect ECONNREFUSED'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57014', 'canceling statement due to statement timeout'],
    ['25P03', 'terminating connection due to idle-in-transaction timeout'],
  ])('treats %s (%s) as the database being unavailable: 503, not 500', (code, message) => {
    expect(isUnavailableError(withCode(code, message))).toBe(true);
  });

  it.each([new QueryRunnerAlreadyReleasedError(), new QueryRunnerProviderAlreadyReleasedError()])(
    'treats %p (TypeORM released the query runner after its connection failed: an upload cut by a PostgreSQL restart) as unavailable',
    (error) => {
      expect(isUnavailableError(error)).toBe(true);
    },
  );

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['22P02', 'invalid input syntax for type integer'],
  ])('leaves %s (%s) a bug: 500', (code, message) => {
    expect(isUnavailableError(withCode(code, message))).toBe(false);
  });
});
