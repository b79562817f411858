import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** Documents the multipart body for Swagger UI ("Try it out" shows a file picker). */
@ApiSchema({ name: 'UploadRequest' })
export class UploadRequestDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'A JSON file (name ending in .json, at most 50 MiB) holding an array of products',
  })
  file: unknown;
}
