import { Account } from './auth/entities/account.entity';
import { Organization } from './auth/entities/organization.entity';
import { PersonalAccessToken } from './auth/entities/personal-access-token.entity';
import { Product } from './catalog/entities/product.entity';
import { IMPORT_ENTITIES } from './imports/import-entities';
import { WebhookDeliveryAttempt } from './webhooks/entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './webhooks/entities/webhook-delivery.entity';
import { WebhookSubscription } from './webhooks/entities/webhook-subscription.entity';

/**
 * Every entity, for the TypeORM CLI's data source (ormconfig.ts: migration:generate compares them with
 * the schema). The Nest processes load each feature's own from its TypeOrmModule.forFeature.
 */
export const entities = [
  Organization,
  Account,
  PersonalAccessToken,
  ...IMPORT_ENTITIES,
  Product,
  WebhookSubscription,
  WebhookDelivery,
  WebhookDeliveryAttempt,
];
