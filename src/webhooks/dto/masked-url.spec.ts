import fc from 'fast-check';
import { maskWebhookUrl } from './masked-url';

describe('maskWebhookUrl', () => {
  it.each([
    ['https://example.com/hooks/x', 'https://example.com/hooks/x'],
    ['https://user:pass@example.com/hooks?token=abc', 'https://***@example.com/hooks?***'],
    ['https://user@example.com:8443/h', 'https://***@example.com:8443/h'],
    ['https://:pass@example.com/', 'https://***@example.com/'],
    ['https://example.com/h?a=1&b=2#frag', 'https://example.com/h?***#***'],
    ['http://[2001:db8::1]:8080/h?k=v', 'http://[2001:db8::1]:8080/h?***'],
    ['not a url', '***'],
  ])('shows %s as %s', (input, shown) => {
    expect(maskWebhookUrl(input)).toBe(shown);
  });

  it('never shows the user info or the query of any URL', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{8,20}$/);
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), secret, secret, (base, user, query) => {
        const url = new URL(base);
        url.username = `u${user}`;
        url.password = `p${user}`;
        url.search = `?key=q${query}`;
        const shown = maskWebhookUrl(url.href);
        expect(shown).not.toContain(user);
        expect(shown).not.toContain(query);
        expect(shown.startsWith(`${url.protocol}//***@${url.host}`)).toBe(true);
      }),
    );
  });
});
