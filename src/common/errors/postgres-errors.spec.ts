import { POSTGRES_ERROR, postgresErrorCode } from './postgres-errors';

describe('postgresErrorCode', () => {
  it('reads the driver’s code, or the one TypeORM wraps', () => {
    expect(postgresErrorCode(Object.assign(new Error('x'), { code: POSTGRES_ERROR.uniqueViolation }))).toBe('23505');
    expect(postgresErrorCode({ driverError: { code: POSTGRES_ERROR.queryCanceled } })).toBe('57014');
  });

  it('is undefined for anything else', () => {
    for (const error of [null, undefined, 'text', new Error('x'), { code: 57014 }, { driverError: null }]) {
      expect(postgresErrorCode(error)).toBeUndefined();
    }
  });
});
