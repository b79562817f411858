import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

/**
 * Webhook signing secrets at rest: AES-256-GCM under WEBHOOK_SECRET_KEY, stored as
 * `enc:v1:<key id>:<base64url iv | ciphertext | tag>`; the subscription id is the associated data,
 * so a sealed value copied to another row does not open. The key id (first 8 hex of the key's
 * SHA-256) tells "sealed under another key" from tampering. Without a key, secrets are stored as
 * issued; a stored value without the prefix (written before a key was set) still opens as itself.
 */
export class WebhookSecretBox {
  private readonly keyId: string | null;

  constructor(private readonly key: Buffer | null) {
    if (key && key.length !== 32) throw new SecretBoxError('WEBHOOK_SECRET_KEY must be 32 bytes');
    this.keyId = key ? createHash('sha256').update(key).digest('hex').slice(0, 8) : null;
  }

  get encrypts(): boolean {
    return this.key !== null;
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  seal(secret: string, subscriptionId: string): string {
    if (!this.key) return secret;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(subscriptionId, 'utf8'));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${PREFIX}${this.keyId}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  open(stored: string, subscriptionId: string): string {
    if (!WebhookSecretBox.isSealed(stored)) return stored;
    if (!this.key) throw new SecretBoxError('webhook secret is encrypted but WEBHOOK_SECRET_KEY is not set');
    const [keyId, packed = ''] = stored.slice(PREFIX.length).split(':');
    if (keyId !== this.keyId) throw new SecretBoxError(`webhook secret is encrypted under another key (id ${keyId})`);
    const bytes = Buffer.from(packed, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('webhook secret ciphertext is truncated');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(subscriptionId, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('webhook secret does not authenticate (altered, or sealed for another webhook)');
    }
  }
}
