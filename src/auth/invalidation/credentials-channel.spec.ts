import { parseCredentialsChange } from './credentials-channel';

describe('parseCredentialsChange', () => {
  it('reads a token or an account change', () => {
    expect(parseCredentialsChange('{"tokenId":"t1"}')).toEqual({ tokenId: 't1' });
    expect(parseCredentialsChange('{"accountId":"a1"}')).toEqual({ accountId: 'a1' });
    expect(parseCredentialsChange('{"tokenId":"t1","nonce":"n1"}')).toEqual({ tokenId: 't1', nonce: 'n1' });
  });

  it('reads a created token with its hash', () => {
    const newToken = { tokenId: 't1', accountId: 'a1', hashKey: 'h1' };
    expect(parseCredentialsChange(JSON.stringify({ newToken, nonce: 'n1' }))).toEqual({ newToken, nonce: 'n1' });
    expect(parseCredentialsChange(JSON.stringify({ newToken: { tokenId: 't1', accountId: 'a1' } }))).toBeNull();
  });

  it('answers null for anything else, so the caller forgets everything', () => {
    for (const payload of [undefined, '', 'not json', '[]', '{"tokenId":1}', 'null']) expect(parseCredentialsChange(payload)).toBeNull();
  });
});
