import { DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogDetailsService } from './catalog-details.service';
import { CatalogModule } from './catalog.module';
import { CatalogsController } from './catalogs.controller';

type ImportedModule = NonNullable<ModuleMetadata['imports']>[number];

/**
 * GET /v1/catalogs: the catalog with its latest import. The application hands in the module that
 * exports a LatestImportSource (the imports module), so the catalog imports nothing of import jobs.
 */
@Module({})
export class CatalogDetailsModule {
  static withLatestImportFrom(source: ImportedModule): DynamicModule {
    return {
      module: CatalogDetailsModule,
      imports: [AuthModule, CatalogModule, source],
      controllers: [CatalogsController],
      providers: [CatalogDetailsService],
    };
  }
}
