import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PersonalAccessToken } from '../entities/personal-access-token.entity';
import { notifyCredentialsChanged } from '../invalidation/credentials-channel';
import type { KnownToken } from '../known-tokens/known-tokens';
import type { TokenCredentials } from '../token-credentials';

export interface NewToken {
  accountId: string;
  name: string;
  tokenHash: Buffer;
  scopes: string[];
  expiresAt: Date | null;
}

@Injectable()
export class TokenRepository {
  constructor(@InjectRepository(PersonalAccessToken) private readonly repo: Repository<PersonalAccessToken>) {}

  /** API processes are told in the same transaction, with the hash, so they know the new token before anyone can use it. */
  create(token: NewToken, nonce?: string): Promise<PersonalAccessToken> {
    return this.repo.manager.transaction(async (manager) => {
      const repo = manager.getRepository(PersonalAccessToken);
      const created = await repo.save(repo.create(token));
      const newToken = { tokenId: created.id, accountId: created.accountId, hashKey: created.tokenHash.toString('base64') };
      await notifyCredentialsChanged(manager, { newToken, nonce });
      return created;
    });
  }

  /** Tokens that can authenticate now (all of them, or one token's, or one account's): hashes only, no secrets exist. */
  async listLive(only: { tokenId: string } | { accountId: string } | null = null): Promise<KnownToken[]> {
    let query = this.repo
      .createQueryBuilder('t')
      .innerJoin('t.account', 'a')
      .select(['t.id AS "tokenId"', 't.account_id AS "accountId"', 't.token_hash AS "tokenHash"'])
      .where('t.revoked_at IS NULL AND a.disabled_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())');
    if (only && 'tokenId' in only) query = query.andWhere('t.id = :tokenId', only);
    if (only && 'accountId' in only) query = query.andWhere('t.account_id = :accountId', only);
    const rows = await query.getRawMany<{ tokenId: string; accountId: string; tokenHash: Buffer }>();
    return rows.map((row) => ({ tokenId: row.tokenId, accountId: row.accountId, hashKey: row.tokenHash.toString('base64') }));
  }

  /** Every token of the account (revoked and expired ones too), newest first; the hash is not read. */
  listForAccount(accountId: string): Promise<PersonalAccessToken[]> {
    return this.repo.find({
      select: { id: true, accountId: true, name: true, scopes: true, createdAt: true, expiresAt: true, revokedAt: true, lastUsedAt: true },
      where: { accountId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  async findCredentialsByHash(tokenHash: Buffer): Promise<TokenCredentials | null> {
    const row = await this.repo
      .createQueryBuilder('t')
      .innerJoin('t.account', 'a')
      .select([
        't.id AS id',
        't.account_id AS "accountId"',
        't.token_hash AS "tokenHash"',
        't.scopes AS scopes',
        't.expires_at AS "expiresAt"',
        't.revoked_at AS "revokedAt"',
        'a.organization_id AS "organizationId"',
        'a.disabled_at AS "accountDisabledAt"',
      ])
      .where('t.token_hash = :tokenHash', { tokenHash })
      .getRawOne<TokenCredentials>();
    return row ?? null;
  }

  /**
   * Sets revoked_at once; revoking again keeps the first time. Returns null for an unknown id.
   * Every API process is told in the same transaction (NOTIFY is delivered on commit).
   */
  revoke(id: string, nonce?: string): Promise<Date | null> {
    return this.repo.manager.transaction(async (manager) => {
      const repo = manager.getRepository(PersonalAccessToken);
      await repo
        .createQueryBuilder()
        .update()
        .set({ revokedAt: () => 'now()' })
        .where('id = :id AND revoked_at IS NULL', { id })
        .execute();
      const token = await repo.findOneBy({ id });
      if (token) await notifyCredentialsChanged(manager, { tokenId: id, nonce });
      return token?.revokedAt ?? null;
    });
  }

  /** Records use at most once a minute per token, so authentication stays read-mostly. */
  async touchLastUsed(id: string): Promise<void> {
    await this.repo
      .createQueryBuilder()
      .update()
      .set({ lastUsedAt: () => 'now()' })
      .where(`id = :id AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`, { id })
      .execute();
  }
}
