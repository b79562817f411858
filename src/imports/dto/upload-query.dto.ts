import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { IMPORT_MODES, type ImportMode } from '../jobs/entities/import-job-status';

/** Query parameters of the upload: how the file is applied to the catalog. */
export class UploadQueryDto {
  @ApiPropertyOptional({
    enum: IMPORT_MODES,
    default: 'merge',
    description:
      'merge: products absent from the file stay. replace: when the job ends done, every product of your organization whose id ' +
      'does not occur in the file (valid element or not) is deleted, in the same transaction',
  })
  @IsOptional()
  @IsIn(IMPORT_MODES, { message: 'mode must be merge or replace' })
  mode: ImportMode = 'merge';

  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description:
      'mode=replace only: allow deleting more than REPLACE_MAX_DELETE_RATIO (default 0.5) of the catalog. Without it such a job ' +
      'ends failed with failure.type mass_delete_refused and changes nothing',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'allow_mass_delete must be true or false' })
  allow_mass_delete: boolean = false;
}
