import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Account } from '../entities/account.entity';
import { notifyCredentialsChanged } from '../invalidation/credentials-channel';

@Injectable()
export class AccountRepository {
  constructor(@InjectRepository(Account) private readonly repo: Repository<Account>) {}

  async create(id: string, organizationId: string): Promise<Account> {
    await this.repo.insert({ id, organizationId });
    return this.repo.findOneByOrFail({ id });
  }

  findById(id: string): Promise<Account | null> {
    return this.repo.findOneBy({ id });
  }

  /** Disables or enables; every API process is told in the same transaction (NOTIFY on commit). */
  setDisabled(id: string, disabled: boolean, nonce?: string): Promise<Account | null> {
    return this.repo.manager.transaction(async (manager) => {
      const repo = manager.getRepository(Account);
      await repo.update({ id }, { disabledAt: disabled ? () => 'now()' : null });
      const account = await repo.findOneBy({ id });
      if (account) await notifyCredentialsChanged(manager, { accountId: id, nonce });
      return account;
    });
  }
}
