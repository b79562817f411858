import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { CatalogController } from './catalog.controller';
import { CatalogLanguagesRepository } from './repositories/catalog-languages.repository';
import { CatalogReadService } from './catalog-read.service';
import { ProductDeletionService } from './product-deletion.service';
import { Product } from './entities/product.entity';
import { CatalogStatsRepository } from './query/catalog-stats.repository';
import { ProductQueryRepository } from './query/product-query.repository';
import { ProductQueryService } from './query/product-query.service';
import { ProductRepository } from './repositories/product.repository';
import { SearchIndexRepository } from './indexing/search-index.repository';
import { SearchIndexerService } from './indexing/search-indexer.service';
import { SearchVocabularyRepository } from './indexing/search-vocabulary.repository';
import { QueryWordsRepository } from './search/query-reading/query-words.repository';
import { VocabularySweepService } from './indexing/vocabulary-sweep.service';
import { QueryAnalyzerService } from './search/query-reading/query-analyzer.service';
import { ProductCodesRepository } from './search/product-codes.repository';
import { RankedSearchRepository } from './search/ranked-search.repository';
import { ProductMatchesRepository } from './search/product-matches.repository';
import { ProductFacetsRepository } from './search/product-facets.repository';
import { ProductFacetsService } from './query/product-facets.service';
import { SynonymsController } from './synonyms/synonyms.controller';
import { SynonymsRepository } from './synonyms/synonyms.repository';
import { SynonymsService } from './synonyms/synonyms.service';
import { CatalogStatsRefresherService } from './stats/catalog-stats-refresher.service';
import { PlannerStatisticsService } from './stats/planner-statistics.service';
import { GinPendingListsService } from './stats/gin-pending-lists.service';
import { CatalogStatsStoreRepository } from './stats/catalog-stats-store.repository';
import { CatalogCountsRepository } from './stats/catalog-counts.repository';
import { SearchPartitionMoverService } from './partitions/search-partition-mover.service';
import { SearchPartitionsRepository } from './partitions/search-partitions.repository';

/** The catalog: products (rules, storage, reads, search index) and the catalog read API. */
@Module({
  imports: [TypeOrmModule.forFeature([Product]), AuthModule],
  controllers: [CatalogController, SynonymsController],
  providers: [
    CatalogLanguagesRepository,
    ProductRepository,
    ProductQueryRepository,
    CatalogStatsRepository,
    ProductQueryService,
    QueryAnalyzerService,
    QueryWordsRepository,
    RankedSearchRepository,
    ProductMatchesRepository,
    ProductCodesRepository,
    ProductFacetsRepository,
    ProductFacetsService,
    SynonymsRepository,
    SynonymsService,
    CatalogReadService,
    ProductDeletionService,
    SearchIndexRepository,
    SearchIndexerService,
    SearchVocabularyRepository,
    VocabularySweepService,
    CatalogStatsStoreRepository,
    CatalogCountsRepository,
    CatalogStatsRefresherService,
    PlannerStatisticsService,
    GinPendingListsService,
    SearchPartitionsRepository,
    SearchPartitionMoverService,
  ],
  exports: [
    ProductRepository,
    ProductQueryService,
    ProductFacetsService,
    CatalogStatsRepository,
    CatalogStatsStoreRepository,
    CatalogCountsRepository,
    CatalogStatsRefresherService,
    PlannerStatisticsService,
    GinPendingListsService,
    SearchPartitionMoverService,
    SearchIndexerService,
    VocabularySweepService,
    CatalogReadService,
    CatalogLanguagesRepository,
  ],
})
export class CatalogModule {}
