import { DECORATORS } from '@nestjs/swagger';
import { MoneyDto } from '../product/money.dto';
import { ProductDto } from '../product/product.dto';
import { schemaShapeOf } from '../validation/schema-shape';

/** The DTO is the single source of truth: every validated field must be documented. */
describe.each([
  ['Product', ProductDto],
  ['Money', MoneyDto],
])('%s OpenAPI annotations', (schemaName, dto) => {
  const validatedFields = [...schemaShapeOf(dto).keys];
  const documentedFields: string[] = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, dto.prototype) ?? []).map(
    (entry: string) => entry.replace(/^:/, ''),
  );

  it(`is published as schema "${schemaName}"`, () => {
    expect(Reflect.getMetadata(DECORATORS.API_SCHEMA, dto)).toEqual([expect.objectContaining({ name: schemaName })]);
  });

  it('documents exactly the validated fields', () => {
    expect([...documentedFields].sort()).toEqual([...validatedFields].sort());
  });

  it.each(validatedFields)('gives %s a description, an example and a type', (field) => {
    const property = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype, field);
    expect(property.description).toEqual(expect.any(String));
    if (!property.type || typeof property.type === 'string') expect(property.example).toBeDefined();
    expect(property.type ?? property.oneOf ?? property.enum).toBeDefined();
  });

  it('marks exactly id/title (Product) or amount/currency (Money) as required', () => {
    const required = validatedFields.filter(
      (field) => Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype, field).required !== false,
    );
    expect(required).toEqual(dto === ProductDto ? ['id', 'title'] : ['amount', 'currency']);
  });
});
