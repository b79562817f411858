import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { JobsModule } from '../jobs/jobs.module';
import { CatalogDetailsService } from './catalog-details.service';
import { CatalogsController } from './catalogs.controller';
import { ImportUploadService } from './import-upload.service';
import { ImportsController } from './imports.controller';

@Module({
  imports: [AuthModule, JobsModule, CatalogModule],
  controllers: [ImportsController, CatalogsController],
  providers: [ImportUploadService, CatalogDetailsService],
  exports: [CatalogDetailsService],
})
export class ImportsModule {}
