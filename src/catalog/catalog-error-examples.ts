import { LANGUAGE_TAG_MESSAGE } from '../common/languages/language-tag';
import { conflict, DEFAULT_CONFIG, errorExamples, notFound, validation } from '../openapi/error-examples';
import { AVAILABILITY_VALUES } from './validation/product-vocabulary';

/** What the product routes answer besides the common cases (the synonym routes: synonyms/synonym-error-examples.ts). */
export const CATALOG_ERRORS = errorExamples({
  not_found: {
    product: notFound("No product with that id in the caller's organization", 'Product SKU-10042 not found'),
  },
  validation: {
    query: validation('q empty or over 200 characters', 'q must be 1 to 200 characters'),
    attributes: validation(
      'attributes filters malformed',
      'attributes must be 1 to 10 filters written attributes[key]=value, each key and value 1 to 200 characters, given once',
    ),
    brand: validation('brand empty or over 70 characters', 'brand must be 1 to 70 characters'),
    language: validation('language not a BCP 47 tag', `language ${LANGUAGE_TAG_MESSAGE}`),
    category: validation('category empty or over 255 characters', 'category must be 1 to 255 characters'),
    availability: validation(
      'availability names an unknown value',
      `availability must be a comma-separated list of ${AVAILABILITY_VALUES.join(', ')}`,
    ),
    currency: validation(
      'currency not an ISO 4217 code, or missing with price_min/price_max',
      'currency must be an ISO 4217 code in upper case (required with price_min/price_max)',
    ),
    priceMin: validation(
      'price_min (likewise price_max) not a decimal amount',
      'price_min must be a decimal amount in major units (e.g. 19.99), at most 4 decimals',
    ),
  },
  conflict: {
    importRunning: conflict(
      'An import of the organization kept running past PRODUCT_DELETE_WAIT_MS; retry after Retry-After seconds',
      `An import of your organization is running; the delete waited ${DEFAULT_CONFIG.catalog.productDeleteWaitMs.toLocaleString('en-US')} ms for it. Retry later`,
    ),
  },
} as const);
