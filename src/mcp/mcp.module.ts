import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ImportsModule } from '../imports/imports.module';
import { UcpModule } from '../ucp/ucp.module';
import { CatalogOverviewService } from './catalog-overview.service';
import { McpController } from './mcp.controller';
import { McpServerFactory } from './mcp-server.factory';

/** The MCP endpoint: UCP catalog tools plus catalog/import service tools, organization-scoped. */
@Module({
  imports: [AuthModule, CatalogModule, ImportsModule, UcpModule],
  controllers: [McpController],
  providers: [McpServerFactory, CatalogOverviewService],
})
export class McpModule {}
