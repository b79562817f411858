import { randomUUID } from 'node:crypto';
import { SecretBoxError, WebhookSecretBox } from './secret-box';

const KEY = Buffer.alloc(32, 1);
const OTHER_KEY = Buffer.alloc(32, 2);
const SECRET = 'whsec_5cQm0f3m0yq1bG6oC3nqk0m9xv1Jk2yO0aVb7ZsQm4E';

describe('WebhookSecretBox', () => {
  const id = randomUUID();
  const box = new WebhookSecretBox(KEY);

  it('seals with AES-256-GCM: the stored value reveals nothing of the secret and opens to it', () => {
    const sealed = box.seal(SECRET, id);
    expect(sealed).toMatch(/^enc:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET.slice(6, 20));
    expect(box.seal(SECRET, id)).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed, id)).toBe(SECRET);
  });

  it('refuses a value sealed for another webhook, altered, truncated or sealed under another key', () => {
    const sealed = box.seal(SECRET, id);
    expect(() => box.open(sealed, randomUUID())).toThrow(SecretBoxError);
    const packed = sealed.slice(sealed.lastIndexOf(':') + 1);
    const flipped = Buffer.from(packed, 'base64url');
    flipped[14] ^= 1;
    expect(() => box.open(sealed.replace(packed, flipped.toString('base64url')), id)).toThrow(/does not authenticate/);
    expect(() => box.open(sealed.replace(packed, packed.slice(0, 10)), id)).toThrow(/truncated/);
    expect(() => new WebhookSecretBox(OTHER_KEY).open(sealed, id)).toThrow(/another key/);
    expect(() => new WebhookSecretBox(null).open(sealed, id)).toThrow(/WEBHOOK_SECRET_KEY is not set/);
  });

  it('opens a secret stored in plain text (before a key was set) as itself', () => {
    expect(box.open(SECRET, id)).toBe(SECRET);
  });

  it('without a key, stores secrets as issued (the plain-text mode, warned about at boot)', () => {
    const plain = new WebhookSecretBox(null);
    expect(plain.encrypts).toBe(false);
    expect(plain.seal(SECRET, id)).toBe(SECRET);
    expect(plain.open(SECRET, id)).toBe(SECRET);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new WebhookSecretBox(Buffer.alloc(16))).toThrow(SecretBoxError);
  });
});
