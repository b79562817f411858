import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { CatalogController } from './catalog.controller';
import { CatalogReadService } from './catalog-read.service';
import { ProductDeletion } from './product-deletion';
import { Product } from './entities/product.entity';
import { CatalogStatsRepository } from './query/catalog-stats.repository';
import { ProductQueryRepository } from './query/product-query.repository';
import { ProductQueryService } from './query/product-query.service';
import { ProductRepository } from './repositories/product.repository';
import { SearchIndexRepository } from './repositories/search-index.repository';
import { SearchIndexer } from './search/search-indexer';
import { SearchVocabularyRepository } from './repositories/search-vocabulary.repository';
import { QueryWordsRepository } from './repositories/query-words.repository';
import { VocabularySweep } from './search/vocabulary-sweep';
import { QueryAnalyzer } from './search/query-reading/query-analyzer';
import { ProductCodesRepository } from './search/product-codes.repository';
import { RankedSearchRepository } from './search/ranked-search.repository';
import { ProductMatchesRepository } from './search/product-matches.repository';
import { ProductFacetsRepository } from './search/product-facets.repository';
import { ProductFacetsService } from './query/product-facets.service';
import { SynonymsController } from './synonyms/synonyms.controller';
import { SynonymsRepository } from './synonyms/synonyms.repository';
import { SynonymsService } from './synonyms/synonyms.service';
import { CatalogStatsRefresher } from './stats/catalog-stats-refresher';
import { PlannerStatistics } from './stats/planner-statistics';
import { GinPendingLists } from './stats/gin-pending-lists';
import { CatalogStatsStore } from './stats/catalog-stats-store.repository';

/** The catalog: products (rules, storage, reads, search index) and the catalog read API. */
@Module({
  imports: [TypeOrmModule.forFeature([Product]), AuthModule],
  controllers: [CatalogController, SynonymsController],
  providers: [
    ProductRepository,
    ProductQueryRepository,
    CatalogStatsRepository,
    ProductQueryService,
    QueryAnalyzer,
    QueryWordsRepository,
    RankedSearchRepository,
    ProductMatchesRepository,
    ProductCodesRepository,
    ProductFacetsRepository,
    ProductFacetsService,
    SynonymsRepository,
    SynonymsService,
    CatalogReadService,
    ProductDeletion,
    SearchIndexRepository,
    SearchIndexer,
    SearchVocabularyRepository,
    VocabularySweep,
    CatalogStatsStore,
    CatalogStatsRefresher,
    PlannerStatistics,
    GinPendingLists,
  ],
  exports: [
    ProductRepository,
    ProductQueryService,
    ProductFacetsService,
    CatalogStatsRepository,
    CatalogStatsStore,
    CatalogStatsRefresher,
    PlannerStatistics,
    GinPendingLists,
    SearchIndexer,
    VocabularySweep,
    CatalogReadService,
    SearchIndexRepository,
  ],
})
export class CatalogModule {}
