import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PRODUCT_LIMITS } from '../validation/product-limits';
import { Required } from '../validation/decorators/presence.decorators';
import { IsCurrencyCode, IsMoneyAmount } from '../validation/decorators/money.decorators';

@ApiSchema({ name: 'Money', description: 'An amount in a currency; no other keys are allowed.' })
export class MoneyDto {
  @ApiProperty({
    type: 'number',
    minimum: 0,
    maximum: PRODUCT_LIMITS.moneyMaxAmount,
    example: 19.99,
    description: `Amount in major units (19.99, not cents), at most ${PRODUCT_LIMITS.moneyMaxDecimals} decimal places.`,
  })
  @Required()
  @IsMoneyAmount()
  amount!: number;

  @ApiProperty({
    type: 'string',
    pattern: '^[A-Z]{3}$',
    example: 'USD',
    description: 'Active ISO 4217 currency code, upper case.',
  })
  @Required()
  @IsCurrencyCode()
  currency!: string;
}
