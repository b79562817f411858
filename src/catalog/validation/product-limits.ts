/**
 * Limits of the product schema, shared by the validation decorators and the OpenAPI
 * annotations so documentation and behaviour cannot drift apart.
 * String lengths are UTF-16 code units (JS `.length`), see rules/strings.ts.
 */
export const PRODUCT_LIMITS = {
  idMaxLength: 100,
  titleMaxLength: 150,
  descriptionMaxLength: 5_000,
  urlMaxLength: 2_048,
  additionalImagesMaxItems: 20,
  brandMaxLength: 70,
  mpnMaxLength: 70,
  groupIdMaxLength: 100,
  categoriesMaxItems: 20,
  categoryMaxLength: 255,
  tagsMaxItems: 50,
  tagMaxLength: 100,
  attributesMaxKeys: 100,
  attributeKeyMaxLength: 128,
  attributeValueMaxLength: 1_000,
  moneyMaxAmount: 1e12,
  moneyMaxDecimals: 4,
} as const;
