import { replicaName } from './replica-name';

describe('replicaName', () => {
  it('names a replica by host, port and database, never its credentials, and numbers duplicates', () => {
    expect(replicaName('postgres://reader:s3cret@db-2.internal:6432/pds', new Set())).toBe('db-2.internal:6432/pds');
    expect(replicaName('postgres://db-2/pds', new Set())).toBe('db-2:5432/pds');
    expect(replicaName('postgres://db-2/pds', new Set(['db-2:5432/pds']))).toBe('db-2:5432/pds#2');
  });
});
