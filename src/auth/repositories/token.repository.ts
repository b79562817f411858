import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PersonalAccessToken } from '../entities/personal-access-token.entity';
import { notifyCredentialsChanged } from '../invalidation/credentials-channel';
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

  create(token: NewToken): Promise<PersonalAccessToken> {
    return this.repo.save(this.repo.create(token));
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
