import { MoneyDto } from '../dto/money.dto';
import { ProductDto } from '../dto/product.dto';
import { ValidMoney, ValidProduct } from './valid-product';

function money(dto: MoneyDto): ValidMoney {
  return { amount: dto.amount, currency: dto.currency };
}

/**
 * Copies a validated DTO into a plain object in schema order. Absent fields stay absent
 * (class fields may exist as own `undefined` properties on the DTO instance).
 */
export function normaliseProduct(dto: ProductDto): ValidProduct {
  const product: ValidProduct = { id: dto.id, title: dto.title };
  if (dto.description !== undefined) product.description = dto.description;
  if (dto.url !== undefined) product.url = dto.url;
  if (dto.image_url !== undefined) product.image_url = dto.image_url;
  if (dto.additional_image_urls !== undefined) product.additional_image_urls = [...dto.additional_image_urls];
  if (dto.price !== undefined) product.price = money(dto.price);
  if (dto.sale_price !== undefined) product.sale_price = money(dto.sale_price);
  if (dto.availability !== undefined) product.availability = dto.availability;
  if (dto.condition !== undefined) product.condition = dto.condition;
  if (dto.brand !== undefined) product.brand = dto.brand;
  if (dto.gtin !== undefined) product.gtin = dto.gtin;
  if (dto.mpn !== undefined) product.mpn = dto.mpn;
  if (dto.group_id !== undefined) product.group_id = dto.group_id;
  if (dto.categories !== undefined) product.categories = [...dto.categories];
  if (dto.tags !== undefined) product.tags = [...dto.tags];
  if (dto.inventory_quantity !== undefined) product.inventory_quantity = dto.inventory_quantity;
  // Spread defines own properties, so an attribute named "__proto__" survives as a key.
  if (dto.attributes !== undefined) product.attributes = { ...dto.attributes };
  return product;
}
