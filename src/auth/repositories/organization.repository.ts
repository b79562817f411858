import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Organization } from '../entities/organization.entity';

@Injectable()
export class OrganizationRepository {
  constructor(@InjectRepository(Organization) private readonly repo: Repository<Organization>) {}

  create(name: string): Promise<Organization> {
    return this.repo.save(this.repo.create({ name }));
  }

  findById(id: string): Promise<Organization | null> {
    return this.repo.findOneBy({ id });
  }
}
