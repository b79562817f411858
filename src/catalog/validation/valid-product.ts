import { Availability, Condition } from './product-vocabulary';
import { AttributeValue } from './rules/attributes';

export interface ValidMoney {
  amount: number;
  currency: string;
}

/**
 * A validated, normalised product: a plain JSON object whose keys appear in schema order and
 * only when present in the feed; `id` is always a string. This is what gets hashed and stored.
 */
export interface ValidProduct {
  id: string;
  title: string;
  description?: string;
  url?: string;
  image_url?: string;
  additional_image_urls?: string[];
  price?: ValidMoney;
  sale_price?: ValidMoney;
  availability?: Availability;
  condition?: Condition;
  brand?: string;
  gtin?: string;
  mpn?: string;
  group_id?: string;
  categories?: string[];
  tags?: string[];
  inventory_quantity?: number;
  attributes?: Record<string, AttributeValue>;
}
