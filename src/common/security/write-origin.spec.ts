import { crossSiteRefusal, type WriteRequestHeaders } from './write-origin';

const policy = { allowedOrigins: new Set(['https://admin.example.com']) };
const refused = (headers: WriteRequestHeaders) => crossSiteRefusal(headers, policy);

describe('crossSiteRefusal', () => {
  it('lets through clients that are not browsers (no Origin, no Sec-Fetch-Site)', () => {
    expect(refused({ host: 'catalog.example.com' })).toBeNull();
    expect(refused({ host: 'catalog.example.com', 'sec-fetch-site': 'none' })).toBeNull();
  });

  it('lets through pages of the service itself (Swagger UI), whatever the scheme in front', () => {
    expect(refused({ host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' })).toBeNull();
    expect(refused({ host: 'catalog.example.com', origin: 'https://catalog.example.com' })).toBeNull();
    expect(refused({ host: 'catalog.example.com:443', origin: 'https://catalog.example.com' })).toBeNull();
    expect(refused({ host: 'Catalog.Example.com', origin: 'https://catalog.example.com' })).toBeNull();
  });

  it('lets through an origin of ALLOWED_ORIGINS, even when the browser says cross-site', () => {
    expect(refused({ host: 'catalog.example.com', origin: 'https://admin.example.com', 'sec-fetch-site': 'cross-site' })).toBeNull();
  });

  it('refuses any other origin, a null origin, and cross-site requests without an origin', () => {
    expect(refused({ host: 'catalog.example.com', origin: 'https://evil.example' })).toMatch(/origin https:\/\/evil\.example/);
    expect(refused({ host: 'catalog.example.com', origin: 'https://catalog.example.com:8443' })).not.toBeNull();
    expect(refused({ host: 'catalog.example.com', origin: 'https://catalog.example.com.evil.example' })).not.toBeNull();
    expect(refused({ host: 'catalog.example.com', origin: 'null' })).not.toBeNull();
    expect(refused({ host: 'catalog.example.com', 'sec-fetch-site': 'cross-site' })).toMatch(/Sec-Fetch-Site: cross-site/);
    expect(refused({ origin: 'https://catalog.example.com' })).not.toBeNull(); // no Host to compare with
  });
});
