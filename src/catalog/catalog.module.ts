import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Product } from './entities/product.entity';
import { CatalogBatchService } from './import/catalog-batch.service';
import { ProductRepository } from './repositories/product.repository';

/** The catalog: products, their validation, hashing and batch writes, and the catalog read API. */
@Module({
  imports: [TypeOrmModule.forFeature([Product])],
  providers: [ProductRepository, CatalogBatchService],
  exports: [ProductRepository, CatalogBatchService],
})
export class CatalogModule {}
