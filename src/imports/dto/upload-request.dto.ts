import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** Documents the multipart body for Swagger UI ("Try it out" shows a file picker). */
@ApiSchema({ name: 'UploadRequest' })
export class UploadRequestDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description:
      'The catalog, at most 50 MiB: a JSON array (.json, application/json), JSON Lines (.jsonl/.ndjson, application/x-ndjson), ' +
      'CSV (.csv, text/csv) or a Google Merchant Center feed, tab-separated (.tsv/.txt, text/tab-separated-values) or XML ' +
      '(.xml, application/xml: RSS 2.0 or Atom with the g: namespace)',
  })
  file: unknown;
}
