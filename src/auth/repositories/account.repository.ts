import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Account } from '../entities/account.entity';

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

  async setDisabled(id: string, disabled: boolean): Promise<Account | null> {
    await this.repo.update({ id }, { disabledAt: disabled ? () => 'now()' : null });
    return this.findById(id);
  }
}
