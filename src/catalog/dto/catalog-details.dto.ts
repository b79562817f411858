import { ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';

@ApiSchema({ name: 'CatalogDetails' })
export class CatalogDetailsDto {
  @ApiProperty({ format: 'uuid' })
  organization_id: string;

  @ApiProperty({
    type: 'integer',
    description:
      'Number of products in the catalog, exact at every commit: the moment a job reads `done` it counts what the job wrote ' +
      '(and a replace import deleted), and a product delete is counted once it is answered',
  })
  product_count: number;

  /** The ImportJob schema by name: the import module defines it. */
  @ApiProperty({
    nullable: true,
    description: 'The most recently created import job, whatever its status',
    allOf: [{ $ref: getSchemaPath('ImportJob') }],
  })
  last_import: object | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      'When a product was last written, as of the last recompute of the maintained counts (within seconds of a finished import ' +
      'or a delete); null for an empty catalog or before the first recompute',
  })
  updated_at: string | null;

  @ApiProperty({
    example: 'de',
    description:
      "The catalog's default language (BCP 47; `en` until an operator sets it with `cli organizations set-language`): products " +
      'that name no `language` of their own are searched by its rules (docs/search.md "Languages").',
  })
  language: string;

  @ApiProperty({
    type: [String],
    example: ['fr'],
    description:
      "The languages (primary subtags) the catalog's products name in their own `language` field: queries are read in these too. " +
      'A language stays listed after its last product is deleted.',
  })
  product_languages: string[];
}
