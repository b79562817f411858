import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Reads the single service_identity row the migrations create. A raw query: one column, no entity needed. */
@Injectable()
export class ServiceIdentityRepository {
  constructor(private readonly dataSource: DataSource) {}

  async deploymentId(): Promise<string> {
    const rows = await this.dataSource.query<Array<{ deployment_id: string }>>('SELECT deployment_id FROM service_identity');
    if (rows.length !== 1) throw new Error(`service_identity holds ${rows.length} rows; the migrations create exactly one`);
    return rows[0].deployment_id;
  }
}
