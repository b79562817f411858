import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ImportJobDto } from './import-job.dto';

@ApiSchema({ name: 'CatalogDetails' })
export class CatalogDetailsDto {
  @ApiProperty({ format: 'uuid' })
  organization_id: string;

  @ApiProperty({ type: 'integer', description: 'Number of products in the catalog' })
  product_count: number;

  @ApiProperty({ type: ImportJobDto, nullable: true, description: 'The most recently created import job, whatever its status' })
  last_import: ImportJobDto | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When a product was last written; null for an empty catalog',
  })
  updated_at: string | null;
}
