import { PRODUCT_LIMITS } from '../product-limits';
import { isCurrencyCode } from '../currencies';
import { isJsonObject } from '../rules/json-types';
import { isMoney, isMoneyAmount } from '../rules/money';
import { Satisfies } from './satisfies.decorator';

export function IsMoneyObject(): PropertyDecorator {
  return Satisfies('moneyObject', isJsonObject, 'must be an object with amount and currency');
}

export function IsMoneyAmount(): PropertyDecorator {
  return Satisfies(
    'moneyAmount',
    isMoneyAmount,
    `must be a number from 0 to ${PRODUCT_LIMITS.moneyMaxAmount} with at most ${PRODUCT_LIMITS.moneyMaxDecimals} decimal places`,
  );
}

export function IsCurrencyCode(): PropertyDecorator {
  return Satisfies('currencyCode', isCurrencyCode, 'must be an ISO 4217 currency code in upper case (e.g. USD)');
}

/**
 * Cross-field rules between a sale price and its regular price. They stay silent unless both
 * are otherwise valid, so a broken nested value is reported once, by its own rule.
 */
export function SameCurrencyAs(otherProperty: string): PropertyDecorator {
  const message = `must equal ${otherProperty}.currency`;
  return Satisfies(
    'sameCurrency',
    (value, object) => {
      const other = (object as Record<string, unknown>)[otherProperty];
      return !isMoney(value) || !isMoney(other) || value.currency === other.currency;
    },
    message,
    { explain: (_value, out) => out.add('.currency', message) },
  );
}

export function AmountAtMost(otherProperty: string): PropertyDecorator {
  const message = `must be less than or equal to ${otherProperty}.amount`;
  return Satisfies(
    'amountAtMost',
    (value, object) => {
      const other = (object as Record<string, unknown>)[otherProperty];
      return !isMoney(value) || !isMoney(other) || value.currency !== other.currency || value.amount <= other.amount;
    },
    message,
    { explain: (_value, out) => out.add('.amount', message) },
  );
}
