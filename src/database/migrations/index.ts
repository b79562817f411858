import { BandWalkInIdOrder1795815000000 } from './1795815000000-BandWalkInIdOrder';
import { VocabularyLookupsByKey1795830000000 } from './1795830000000-VocabularyLookupsByKey';
import { SearchFieldIndexes1795840000000 } from './1795840000000-SearchFieldIndexes';
import { CreateAuthTables1764115200000 } from './1764115200000-CreateAuthTables';
import { CreateImportTables1764115260000 } from './1764115260000-CreateImportTables';
import { CreateProducts1764115320000 } from './1764115320000-CreateProducts';
import { ImportJobPositionAndDeliveries1764200100000 } from './1764200100000-ImportJobPositionAndDeliveries';
import { AddImportFileSha2561764200300000 } from './1764200300000-AddImportFileSha256';
import { CreateServiceIdentity1764200400000 } from './1764200400000-CreateServiceIdentity';
import { SearchVectorOffImportPath1764300100000 } from './1764300100000-SearchVectorOffImportPath';
import { ProductFilterIndexes1764300200000 } from './1764300200000-ProductFilterIndexes';
import { ImportJobLifecycle1764300300000 } from './1764300300000-ImportJobLifecycle';
import { CreateOutboxEvents1764300400000 } from './1764300400000-CreateOutboxEvents';
import { CreateWebhooks1764300410000 } from './1764300410000-CreateWebhooks';
import { ProductSearchTable1764300500000 } from './1764300500000-ProductSearchTable';
import { ImportJobScannedTotal1764300520000 } from './1764300520000-ImportJobScannedTotal';
import { ProductsOrganizationCascade1764300530000 } from './1764300530000-ProductsOrganizationCascade';
import { FiltersOnProductSearch1764300540000 } from './1764300540000-FiltersOnProductSearch';
import { SearchRowsWithoutForeignKey1764300550000 } from './1764300550000-SearchRowsWithoutForeignKey';
import { AgentSearch1764300600000 } from './1764300600000-AgentSearch';
import { CatalogStats1764300700000 } from './1764300700000-CatalogStats';
import { TokenScopeGrants1764300900000 } from './1764300900000-TokenScopeGrants';
import { WebhookSecretsAtRest1764300910000 } from './1764300910000-WebhookSecretsAtRest';
import { QueryReading1795798769283 } from './1795798769283-QueryReading';
import { ImportJobFormat1795799099576 } from './1795799099576-ImportJobFormat';
import { SearchWordCheckOwnRows1795799264235 } from './1795799264235-SearchWordCheckOwnRows';
import { VocabularySweepVersion1795803149824 } from './1795803149824-VocabularySweepVersion';
import { IndexingCost1795803811980 } from './1795803811980-IndexingCost';
import { VariantGroups1795811974360 } from './1795811974360-VariantGroups';
import { DropUnusedSearchWalk1795850000000 } from './1795850000000-DropUnusedSearchWalk';
import { CatalogLanguages1795860000000 } from './1795860000000-CatalogLanguages';
import { ExactProductCount1795865000000 } from './1795865000000-ExactProductCount';
import { PartitionedSearch1795870000000 } from './1795870000000-PartitionedSearch';

/** Listed explicitly so ts-node, ts-jest and the compiled build all load the same set. */
export const migrations = [
  CreateAuthTables1764115200000,
  CreateImportTables1764115260000,
  CreateProducts1764115320000,
  ImportJobPositionAndDeliveries1764200100000,
  AddImportFileSha2561764200300000,
  CreateServiceIdentity1764200400000,
  SearchVectorOffImportPath1764300100000,
  ProductFilterIndexes1764300200000,
  ImportJobLifecycle1764300300000,
  CreateOutboxEvents1764300400000,
  CreateWebhooks1764300410000,
  ProductSearchTable1764300500000,
  ImportJobScannedTotal1764300520000,
  ProductsOrganizationCascade1764300530000,
  FiltersOnProductSearch1764300540000,
  SearchRowsWithoutForeignKey1764300550000,
  AgentSearch1764300600000,
  CatalogStats1764300700000,
  TokenScopeGrants1764300900000,
  WebhookSecretsAtRest1764300910000,
  QueryReading1795798769283,
  ImportJobFormat1795799099576,
  SearchWordCheckOwnRows1795799264235,
  VocabularySweepVersion1795803149824,
  IndexingCost1795803811980,
  VariantGroups1795811974360,
  BandWalkInIdOrder1795815000000,
  VocabularyLookupsByKey1795830000000,
  SearchFieldIndexes1795840000000,
  DropUnusedSearchWalk1795850000000,
  CatalogLanguages1795860000000,
  ExactProductCount1795865000000,
  PartitionedSearch1795870000000,
];
