import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { JobsModule } from '../jobs/jobs.module';
import { ImportUploadService } from './import-upload.service';
import { ImportsController } from './imports.controller';

@Module({
  imports: [AuthModule, JobsModule],
  controllers: [ImportsController],
  providers: [ImportUploadService],
})
export class ImportsModule {}
