import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'UploadResult' })
export class UploadResultDto {
  @ApiProperty({ format: 'uuid', description: 'Identifier of the queued import job; poll check-import-status with it' })
  job_id: string;
}
