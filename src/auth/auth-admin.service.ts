import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../common/config/app-config';
import { CredentialsAnnouncerService } from './invalidation/credentials-announcer.service';
import { AccountRepository } from './repositories/account.repository';
import { OrganizationRepository } from './repositories/organization.repository';
import { TokenRepository } from './repositories/token.repository';
import { isScope } from './scopes';
import { isLanguageTag, LANGUAGE_TAG_MESSAGE } from '../common/languages/language-tag';
import { generateTokenSecret, hashTokenSecret } from './token-secret';

export class AdminError extends Error {}

const ACCOUNT_ID = /^[A-Za-z0-9._@-]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Operator actions behind the admin CLI: organizations, accounts and tokens. */
@Injectable()
export class AuthAdminService {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly accounts: AccountRepository,
    private readonly tokens: TokenRepository,
    private readonly announcer: CredentialsAnnouncerService,
    private readonly config: AppConfig,
  ) {}

  async createOrganization(name: string) {
    if (!name.trim()) throw new AdminError('--name must not be empty');
    const organization = await this.organizations.create(name.trim());
    return { id: organization.id, name: organization.name };
  }

  /** Sets the organization's default catalog language; its products naming none are indexed again. */
  async setOrganizationLanguage(organizationId: string, language: string) {
    if (!isLanguageTag(language)) throw new AdminError(`--language ${LANGUAGE_TAG_MESSAGE}`);
    const reindexed = UUID.test(organizationId) ? await this.organizations.setLanguage(organizationId, language) : null;
    if (reindexed === null) throw new AdminError(`Organization ${organizationId} not found`);
    return { id: organizationId, language, products_reindexed: reindexed };
  }

  async createAccount(organizationId: string, id?: string) {
    if (!UUID.test(organizationId) || !(await this.organizations.findById(organizationId))) {
      throw new AdminError(`Organization ${organizationId} not found`);
    }
    const accountId = id ?? `acc_${randomBytes(12).toString('hex')}`;
    if (!ACCOUNT_ID.test(accountId)) {
      throw new AdminError('--id must be 1-100 characters of letters, digits, ".", "_", "@" or "-" (no ":")');
    }
    if (await this.accounts.findById(accountId)) throw new AdminError(`Account ${accountId} already exists`);
    const account = await this.accounts.create(accountId, organizationId);
    return { id: account.id, organization_id: account.organizationId };
  }

  /** Returns once every listening API process has stopped trusting the account's cached tokens (or after 2 s). */
  async setAccountDisabled(accountId: string, disabled: boolean) {
    const { result: account } = await this.announcer.announce((nonce) => this.accounts.setDisabled(accountId, disabled, nonce));
    if (!account) throw new AdminError(`Account ${accountId} not found`);
    return { id: account.id, disabled_at: account.disabledAt?.toISOString() ?? null };
  }

  /**
   * Without expiresAt, the token expires TOKEN_DEFAULT_TTL_DAYS from now (never when that is 0);
   * noExpiry opts out explicitly.
   */
  async createToken(input: { accountId: string; scopes: string[]; name?: string; expiresAt?: Date; noExpiry?: boolean }) {
    const unknown = input.scopes.filter((scope) => !isScope(scope));
    if (unknown.length > 0) throw new AdminError(`Unknown scope(s): ${unknown.join(', ')}`);
    if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) throw new AdminError('--expires-at must be an ISO 8601 date-time');
    if (input.expiresAt && input.noExpiry) throw new AdminError('--expires-at and --no-expiry exclude each other');
    if (!(await this.accounts.findById(input.accountId))) throw new AdminError(`Account ${input.accountId} not found`);
    const secret = generateTokenSecret();
    const fields = {
      accountId: input.accountId,
      name: input.name ?? 'cli',
      tokenHash: hashTokenSecret(secret),
      scopes: [...new Set(input.scopes)],
      expiresAt: input.noExpiry ? null : (input.expiresAt ?? this.defaultExpiry()),
    };
    // Returns once every API process knows the token as live (or after 2 s), so its first use is never taken for a guess.
    const { result: token } = await this.announcer.announce((nonce) => this.tokens.create(fields, nonce));
    if (!token) throw new AdminError('Token not created');
    return {
      id: token.id,
      account_id: token.accountId,
      token: secret,
      scopes: token.scopes,
      expires_at: token.expiresAt?.toISOString() ?? null,
    };
  }

  /** The account's tokens, newest first, without secrets or hashes. */
  async listTokens(accountId: string) {
    if (!(await this.accounts.findById(accountId))) throw new AdminError(`Account ${accountId} not found`);
    const tokens = await this.tokens.listForAccount(accountId);
    return {
      account_id: accountId,
      tokens: tokens.map((token) => ({
        id: token.id,
        name: token.name,
        scopes: token.scopes,
        created_at: token.createdAt.toISOString(),
        expires_at: token.expiresAt?.toISOString() ?? null,
        revoked_at: token.revokedAt?.toISOString() ?? null,
        last_used_at: token.lastUsedAt?.toISOString() ?? null,
      })),
    };
  }

  private defaultExpiry(): Date | null {
    const days = this.config.tokenDefaultTtlDays;
    return days > 0 ? new Date(Date.now() + days * 86_400_000) : null;
  }

  /** Returns once every listening API process refuses the token (or after 2 s; the token cache TTL bounds the rest). */
  async revokeToken(tokenId: string) {
    const revokedAt = UUID.test(tokenId) ? (await this.announcer.announce((nonce) => this.tokens.revoke(tokenId, nonce))).result : null;
    if (!revokedAt) throw new AdminError(`Token ${tokenId} not found`);
    return { id: tokenId, revoked_at: revokedAt.toISOString() };
  }
}
