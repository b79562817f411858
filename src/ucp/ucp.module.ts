import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { UcpCatalogController } from './ucp-catalog.controller';
import { UcpCatalogService } from './ucp-catalog.service';
import { WellKnownController } from './well-known.controller';

/** The Universal Commerce Protocol Catalog capability: REST binding, discovery profile, and the service the MCP tools use. */
@Module({
  imports: [CatalogModule, AuthModule],
  controllers: [UcpCatalogController, WellKnownController],
  providers: [UcpCatalogService],
  exports: [UcpCatalogService],
})
export class UcpModule {}
