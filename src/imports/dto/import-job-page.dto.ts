import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ImportJobDto } from './import-job.dto';

@ApiSchema({ name: 'ImportJobPage' })
export class ImportJobPageDto {
  @ApiProperty({ type: [ImportJobDto] })
  data: ImportJobDto[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as cursor for the next page; null on the last page' })
  next_cursor: string | null;
}
